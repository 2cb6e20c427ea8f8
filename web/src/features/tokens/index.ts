// What the app uses of tokens: the API tokens screen.
export { TokensPage } from './components/tokens-page';
