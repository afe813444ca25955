export * from './errors.ts';
export * from './plans.ts';
export * from './users.ts';
export * from './auth.ts';
export * from './contact.ts';
export * from './recording.ts';
export * from './billing.ts';
export * from './widget.ts';
