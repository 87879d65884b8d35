import { eventKind, eventMinute, isShootout, SCORING_KINDS } from '../../contract/events.ts';
import { formatTime } from '../../contract/format.ts';
import { isFinishedStatus, isUpcomingStatus } from '../../contract/status.ts';
import { PUSH_ALERTS, PUSH_MAX_PAYLOAD_BYTES, type PushAlert, type PushPayload } from '../../contract/push.ts';
import type { LiveFixtureChange } from '../../contract/live.ts';

/**
 * What a burst of a match's changes says to a reader's lock screen, in Spanish, from the data alone:
 * a goal with its scorer and the score, a red card, kick-off, half-time, full time, confirmed line-ups.
 * One notification a burst per reader: its items filtered by what the reader asked for, the most
 * urgent first.
 */

export interface AlertTeam {
  id: number;
  name: string;
  logo: string;
}

export interface AlertFixture {
  id: number;
  home: AlertTeam;
  away: AlertTeam;
  /** Kick-off, seconds since the epoch. */
  timestamp: number;
}

export interface AlertItem {
  alert: PushAlert;
  /** Stable for what it says: the same goal told twice (a relay, a replay) is one alert. */
  key: string;
  title: string;
  body: string;
  icon: string;
  urgency: 'normal' | 'high';
  /** Seconds the push service may keep it: a goal two hours late is worse than none. */
  ttl: number;
}

/** Goals and red cards matter for minutes; the rest for the match's length. */
export const URGENT_TTL_S = 10 * 60;
export const STATUS_TTL_S = 60 * 60;

type Score = { home: number | null; away: number | null };
const known = (s: Score): s is { home: number; away: number } => s.home !== null && s.away !== null;
const scoreLine = (f: AlertFixture, s: Score) => (known(s) ? `${f.home.name} ${s.home}-${s.away} ${f.away.name}` : `${f.home.name} - ${f.away.name}`);
const teamOf = (f: AlertFixture, id: number | null | undefined) => (id === f.home.id ? f.home : id === f.away.id ? f.away : null);

function goalItems(f: AlertFixture, burst: readonly LiveFixtureChange[], last: LiveFixtureChange, before: Score | null): AlertItem[] {
  const goals = burst.flatMap((c) => c.newEvents ?? []).filter((e) => SCORING_KINDS.has(eventKind(e.type, e.detail ?? '')) && !isShootout({ comments: e.comments ?? '' }));
  const score = last.goals;
  if (goals.length) {
    const scorer = goals.at(-1)!;
    const team = teamOf(f, scorer.team.id);
    const who = goals
      .map((e) => {
        const kind = eventKind(e.type, e.detail ?? '');
        const how = kind === 'penalty-goal' ? ' (penal)' : kind === 'own-goal' ? ' (en propia puerta)' : '';
        return [e.player.name, eventMinute({ minute: e.time.elapsed, extra: e.time.extra })].filter(Boolean).join(' ') + how;
      })
      .join(', ');
    return [
      {
        alert: 'goles',
        // The score and the goal's own scorer and minute: a goal taken back and another scored for the
        // same score is a new alert (the outbox keeps one job per key and reader).
        key: `gol:${score.home}-${score.away}:${scorer.player.id ?? scorer.player.name ?? ''}@${scorer.time.elapsed ?? ''}${scorer.time.extra ? `+${scorer.time.extra}` : ''}`,
        title: `⚽ ¡Gol de ${team?.name ?? scorer.team.name}!`,
        body: [who, scoreLine(f, score)].filter(Boolean).join(' · '),
        icon: team?.logo ?? f.home.logo,
        urgency: 'high',
        ttl: URGENT_TTL_S,
      },
    ];
  }
  // The score went down without a goal: the referee (VAR) took one back.
  if (before && known(before) && known(score) && score.home + score.away < before.home + before.away) {
    return [
      { alert: 'goles', key: `anulado:${score.home}-${score.away}`, title: '❌ Gol anulado', body: scoreLine(f, score), icon: f.home.logo, urgency: 'high', ttl: URGENT_TTL_S },
    ];
  }
  return [];
}

function redCardItems(f: AlertFixture, burst: readonly LiveFixtureChange[], last: LiveFixtureChange): AlertItem[] {
  return burst
    .flatMap((c) => c.newEvents ?? [])
    .filter((e) => {
      const kind = eventKind(e.type, e.detail ?? '');
      return kind === 'red-card' || kind === 'second-yellow';
    })
    .map((e) => {
      const team = teamOf(f, e.team.id);
      const player = e.player.name ?? 'un jugador';
      const second = eventKind(e.type, e.detail ?? '') === 'second-yellow' ? ' (doble amarilla)' : '';
      return {
        alert: 'rojas' as const,
        key: `roja:${e.player.id ?? player}:${e.time.elapsed}`,
        title: `🟥 Tarjeta roja a ${player}${second}`,
        body: [team?.name ?? e.team.name, eventMinute({ minute: e.time.elapsed, extra: e.time.extra }), scoreLine(f, last.goals)].filter(Boolean).join(' · '),
        icon: team?.logo ?? f.home.logo,
        urgency: 'high' as const,
        ttl: URGENT_TTL_S,
      };
    });
}

function finalBody(f: AlertFixture, last: LiveFixtureChange): string {
  const { goals, score } = last;
  const penalties = score.penalty;
  if (last.status.short === 'PEN' && known(penalties) && penalties.home !== penalties.away) {
    const winner = penalties.home > penalties.away ? f.home : f.away;
    return `${winner.name} gana ${Math.max(penalties.home, penalties.away)}-${Math.min(penalties.home, penalties.away)} en los penales.`;
  }
  if (!known(goals)) return '';
  const extra = last.status.short === 'AET' ? ' tras la prórroga' : '';
  if (goals.home === goals.away) return `Empate${extra}.`;
  return `Gana ${(goals.home > goals.away ? f.home : f.away).name}${extra}.`;
}

function statusItems(f: AlertFixture, burst: readonly LiveFixtureChange[], last: LiveFixtureChange): AlertItem[] {
  if (!burst.some((c) => c.kinds.includes('status'))) return [];
  const short = last.status.short;
  const base = { alert: 'estado' as const, icon: f.home.logo, urgency: 'normal' as const };
  if (short === '1H') return [{ ...base, key: 'estado:1H', title: `Empieza ${f.home.name} - ${f.away.name}`, body: 'El partido ya está en juego.', ttl: 15 * 60 }];
  if (short === 'HT') return [{ ...base, key: 'estado:HT', title: `Descanso: ${scoreLine(f, last.goals)}`, body: 'Termina el primer tiempo.', ttl: 15 * 60 }];
  if (isFinishedStatus(short)) return [{ ...base, key: 'estado:final', title: `Final: ${scoreLine(f, last.goals)}`, body: finalBody(f, last), ttl: STATUS_TTL_S }];
  return [];
}

function lineupItems(f: AlertFixture, burst: readonly LiveFixtureChange[], last: LiveFixtureChange): AlertItem[] {
  const lineups = burst.findLast((c) => c.lineups?.length)?.lineups;
  // Told once, before the match: a correction later, or line-ups first seen in play, are no news on a lock screen.
  if (!lineups || !isUpcomingStatus(last.status.short) || lineups.length < 2 || lineups.some((l) => !l.startXI?.length)) return [];
  const side = (team: AlertTeam) => {
    const formation = lineups.find((l) => l.team.id === team.id)?.formation;
    return formation ? `${team.name} (${formation})` : team.name;
  };
  return [
    {
      alert: 'alineaciones',
      key: 'alineaciones',
      title: `Alineaciones confirmadas: ${f.home.name} - ${f.away.name}`,
      body: `${side(f.home)} y ${side(f.away)}. Empieza a las ${formatTime(f.timestamp * 1000)}.`,
      icon: f.home.logo,
      urgency: 'normal',
      ttl: STATUS_TTL_S,
    },
  ];
}

/** Everything a burst (one match's changes within a few seconds, in order) has to say. `before`: the score before the burst, when known. */
export function alertItems(f: AlertFixture, burst: readonly LiveFixtureChange[], before: Score | null = null): AlertItem[] {
  const last = burst.at(-1);
  if (!last) return [];
  return [...goalItems(f, burst, last, before), ...redCardItems(f, burst, last), ...statusItems(f, burst, last), ...lineupItems(f, burst, last)];
}

export interface ReaderAlert {
  /** Unique per match and content: the outbox keeps one per reader. */
  key: string;
  payload: PushPayload;
  urgency: 'normal' | 'high';
  ttl: number;
}

/** Some push services refuse payloads over 4 KB: a body too long for PUSH_MAX_PAYLOAD_BYTES loses its last lines, then ends in "…". */
export function withinPushSize(payload: PushPayload): PushPayload {
  const size = (p: PushPayload) => Buffer.byteLength(JSON.stringify(p));
  if (size(payload) <= PUSH_MAX_PAYLOAD_BYTES) return payload;
  let body = payload.body;
  while (body.length && size({ ...payload, body: `${body}…` }) > PUSH_MAX_PAYLOAD_BYTES) body = body.includes('\n') ? body.slice(0, body.lastIndexOf('\n')) : body.slice(0, -20);
  return { ...payload, body: `${body}…` };
}

/** One notification from the items a reader asked for (`alerts`: a bit set over PUSH_ALERTS), or null when none. */
export function readerAlert(f: AlertFixture, items: readonly AlertItem[], alerts: number): ReaderAlert | null {
  const chosen = items.filter((item) => (alerts & (1 << PUSH_ALERTS.indexOf(item.alert))) !== 0);
  if (!chosen.length) return null;
  const [first, ...rest] = chosen;
  const body = [first!.body, ...rest.map((item) => `${item.title}${item.body ? `. ${item.body}` : ''}`)].filter(Boolean).join('\n');
  const key = `${f.id}:${chosen.map((item) => item.key).join('+')}`;
  const payload: PushPayload = { title: first!.title, body, tag: `partido-${f.id}`, url: `/partidos/${f.id}`, icon: first!.icon, fixture: f.id, key };
  return {
    key,
    payload: withinPushSize(payload),
    urgency: chosen.some((item) => item.urgency === 'high') ? 'high' : 'normal',
    ttl: Math.min(...chosen.map((item) => item.ttl)),
  };
}
