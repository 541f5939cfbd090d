// Stylesheets are imported for their side effect; Bun bundles them into the CSS output.
declare module "*.css";
