import type { LinearStatus, LinearTeam } from '@showback/contract';
import { TrackerCard } from './TrackerCard.tsx';
import { useTrackerIntegration, type TrackerApi } from './useTrackerIntegration.ts';
import { withSavedOption } from './withSavedOption.ts';
import * as linearApi from './linearApi.ts';
import '../../messages/en/integrationsApp.ts';

const api: TrackerApi<LinearStatus, LinearTeam> = {
  getStatus: linearApi.getLinearStatus,
  getAuthorizeUrl: linearApi.getLinearAuthorizeUrl,
  getTargets: linearApi.getLinearTeams,
  update: linearApi.updateLinear,
  disconnect: linearApi.disconnectLinear,
};

const texts = {
  loadFailed: 'integrationsApp.linearCard.loadFailed',
  connectFailed: 'integrationsApp.linearCard.connectFailed',
  targetSaved: 'integrationsApp.linearCard.teamSaved',
  targetFailed: 'integrationsApp.linearCard.teamFailed',
  disconnectTitle: 'integrationsApp.linearCard.disconnectTitle',
  disconnectConfirm: 'integrationsApp.linearCard.disconnectConfirm',
  disconnectFailed: 'integrationsApp.linearCard.disconnectFailed',
} as const;

const cardTexts = {
  name: 'integrationsApp.linear.name',
  text: 'integrationsApp.linear.text',
  connect: 'integrationsApp.linearCard.connect',
  reconnect: 'integrationsApp.linearCard.reconnect',
  brokenTitle: 'integrationsApp.linearCard.brokenTitle',
  howItWorks: 'integrationsApp.linearCard.howItWorks',
  planRequired: 'integrationsApp.linearCard.planRequired',
  target: 'integrationsApp.linearCard.team',
  chooseTarget: 'integrationsApp.linearCard.chooseTeam',
} as const;

/** Linear: a workspace connected by OAuth and the team issues go to (a one-team workspace is picked at once). */
export function LinearCard() {
  const linear = useTrackerIntegration('linear', api, texts);
  const { status } = linear;
  const teams = withSavedOption(
    linear.targets.map((team) => ({ id: team.id, name: `${team.name} (${team.key})` })),
    status?.team?.id ?? null,
    status?.team ? `${status.team.name} (${status.team.key})` : null,
  );
  return (
    <TrackerCard
      name="linear"
      tracker={linear}
      texts={cardTexts}
      connectedTo={status?.organization_name}
      options={teams.map((team) => ({ value: team.id, label: team.name }))}
      value={status?.team?.id ?? ''}
    />
  );
}
