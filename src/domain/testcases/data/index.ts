export { insertTests, moveSectionTests, softDeleteTests, updateTests } from './write';
