import base from "@fuda/eslint-config/base";

export default base;
