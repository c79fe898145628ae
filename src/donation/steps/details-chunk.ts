/**
 * What the details step brings with it (tab 2): its form, the address
 * lookup and its yup rules. One chunk, fetched while tab 1 is idle
 * (flow/step-chunks.ts), so tab 1 loads without yup.
 */
export { DetailsStep } from './DetailsStep';
export { validateDetails } from '../details';
