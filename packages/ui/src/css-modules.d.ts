// Next declares CSS modules for the apps; this package is also type-checked on its own.
declare module "*.module.css" {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
