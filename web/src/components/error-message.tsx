import { ApiError } from '../lib/api';

/** Shows an API error's own text (or any error's message) where the failed content would be. */
export function ErrorMessage({ error }: { error: unknown }) {
  if (!error) return null;
  // Errors thrown by the API client are Errors; anything else shows as its text, an object as JSON.
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : JSON.stringify(error);
  const status = error instanceof ApiError ? ` (${error.status})` : '';
  return (
    <div role="alert" className="error-message">
      {text}
      {status}
    </div>
  );
}
