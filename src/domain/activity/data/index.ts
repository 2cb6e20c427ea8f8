export { activityRows, type ActivityRow, type ActivitySpan } from './activity';
