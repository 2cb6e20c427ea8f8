// What the app uses of webhooks: the Webhooks screen (Admin) and a webhook's deliveries.
export { WebhooksPage } from './components/webhooks-page';
export { WebhookDeliveriesPage } from './components/deliveries-page';
