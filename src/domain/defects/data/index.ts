export { readDefectsPage } from './defects';
