/** The house bots one may invite now (GET /api/house-bots): the new-match form and the lobby's "Play a bot" offer them. */
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../../api/client.js';
import { asProblem, type ApiProblem } from '../../api/problem.js';
import { offeredHouseBots, type HouseBot } from './new-match-request.js';

/** The house bots available now, null while they load; the problem when they could not be read. */
export function useOfferedHouseBots(): { readonly bots: HouseBot[] | null; readonly problem: ApiProblem | null } {
  const [bots, setBots] = useState<HouseBot[] | null>(null);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  useEffect(() => {
    let current = true;
    call(api.GET('/api/house-bots')).then(
      (list) => current && setBots(offeredHouseBots(list.items)),
      (error: unknown) => current && setProblem(asProblem(error)),
    );
    return () => {
      current = false;
    };
  }, []);
  return { bots, problem };
}
