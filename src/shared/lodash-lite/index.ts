/**
 * The four lodash functions formik calls, for plain form data only.
 *
 * formik imports `lodash-es/{clone,cloneDeep,isPlainObject,toPath}`, which
 * wp-scripts turns into lodash's CommonJS modules: about 5 KB gzip of
 * generic machinery (typed arrays, buffers, a memoize cache) in the script
 * the donor downloads before the first step. webpack.config.js points
 * formik's imports at the files beside this one; the tests compare them
 * with lodash on the values a form holds.
 */
export { default as clone } from './clone';
export { default as cloneDeep } from './clone-deep';
export { default as isPlainObject } from './is-plain-object';
export { default as toPath } from './to-path';
