// Stylesheets are imported for their side effect; wp-scripts extracts them to build/*.css.
declare module '*.scss';
declare module '*.css';
