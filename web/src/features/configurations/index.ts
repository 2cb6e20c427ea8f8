// What other features and the app may use of configurations: the page, and the project's groups
// with their options (a new plan picks options from them).
export { useConfigurations, type ConfigurationGroup, type ConfigurationOption } from './api/get-configurations';
export { ConfigurationsPage } from './components/configurations-page';
