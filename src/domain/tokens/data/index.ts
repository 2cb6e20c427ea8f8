export { countActiveTokens, findToken, findTokenCredential, insertToken, listTokensOf, setTokenLastUsed, setTokenRevoked } from './tokens';
