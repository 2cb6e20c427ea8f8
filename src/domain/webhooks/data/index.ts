export { findDelivery, findWebhook, listDeliveries, listWebhooks, webhookView } from './webhooks';
