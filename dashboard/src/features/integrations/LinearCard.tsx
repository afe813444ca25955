import type { LinearStatus, LinearTeam } from '@showback/contract';
import { TrackerCard, type TrackerApi, type TrackerView } from './TrackerCard.tsx';
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
  name: 'integrationsApp.linear.name',
  text: 'integrationsApp.linear.text',
  howItWorks: 'integrationsApp.linearCard.howItWorks',
  planRequired: 'integrationsApp.linearCard.planRequired',
  target: 'integrationsApp.linearCard.team',
  chooseTarget: 'integrationsApp.linearCard.chooseTeam',
  targetSaved: 'integrationsApp.linearCard.teamSaved',
  targetFailed: 'integrationsApp.linearCard.teamFailed',
  disconnectConfirm: 'integrationsApp.linearCard.disconnectConfirm',
} as const;

function view(status: LinearStatus, teams: LinearTeam[]): TrackerView {
  const options = withSavedOption(
    teams.map((team) => ({ id: team.id, name: `${team.name} (${team.key})` })),
    status.team?.id ?? null,
    status.team ? `${status.team.name} (${status.team.key})` : null,
  );
  return { connectedTo: status.organization_name, options: options.map((team) => ({ value: team.id, label: team.name })), value: status.team?.id ?? '' };
}

/** Linear: a workspace connected by OAuth and the team issues go to (a one-team workspace is picked at once). */
export function LinearCard() {
  return <TrackerCard id="linear" api={api} texts={texts} view={view} />;
}
