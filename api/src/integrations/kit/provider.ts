import type { FastifyPluginAsync } from 'fastify';
import type { AlertChannel } from '../../alerts/alert-channel.ts';
import type { ConfigSection, VarSpec } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { JobDefinition } from '../../jobs/job.ts';
import type { Tracker } from '../escalation/trackers.ts';

/**
 * An integration as the app sees it: everything wiring.ts needs to add it, declared once in its folder
 * (`<id>/<id>.provider.ts`) and listed in providers.ts. The app's routes, alert channels, jobs, settings and escalation
 * targets are built from these declarations, so a new provider edits nothing outside its folder but that list.
 */
export interface Provider {
  id: string;
  /** Its environment variables and how they are read (defineSettings); its values are then `settingsOf(ctx, settings)`. */
  settings?: ConfigSection;
  /** Registered after the core routes, in this order. */
  routes?: readonly FastifyPluginAsync[];
  /** Where alert events reach it. */
  channel?: AlertChannel;
  jobs?: readonly JobDefinition[];
  /** Recordings can be escalated to it as issues. */
  tracker?: Tracker;
}

/**
 * A provider's settings, kept in a module of their own (`<id>.settings.ts`): its client reads them, and importing the
 * provider's declaration instead would lead back to the client through its routes. `read` gets only these `vars`.
 */
export function defineSettings<V extends string, S>(key: string, vars: Readonly<Record<V, VarSpec>>, read: (get: (name: V) => string) => S): ConfigSection<S, V> {
  return { key, vars, read };
}

/** The settings as read at start-up. */
export function settingsOf<S>(ctx: Pick<AppContext, 'config'>, section: ConfigSection<S, string>): S {
  // Only a config loaded without this provider's section (a provider missing from the list given to loadAppConfig).
  if (!(section.key in ctx.config.integrations)) throw new Error(`The configuration was loaded without the ${section.key} settings`);
  return ctx.config.integrations[section.key] as S;
}
