import type { Response } from 'express';

export function sendData(res: Response, data: unknown, status = 200): void {
  res.status(status).json({ data, status });
}

export function sendError(res: Response, status: number, error: string): void {
  res.status(status).json({ error, status });
}
