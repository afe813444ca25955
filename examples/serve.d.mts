import type http from 'node:http';

export const EXAMPLE_NONCE: string;
export function startExamplesServer(port?: number, host?: string): Promise<http.Server>;
