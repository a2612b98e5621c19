/** @type {import("prettier").Config} */
const config = {
  printWidth: 100,
  trailingComma: "all",
};

export default config;
