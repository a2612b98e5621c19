import react from "@fuda/eslint-config/react";

export default react;
