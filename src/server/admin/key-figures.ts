import "server-only";
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../db";
import { ApiError } from "../api/errors";
import { serverTranslator } from "../i18n";
import { addDays, daysBetween, periodsOf, wholeRange, zoneDay, type Period } from "@/lib/admin/key-figures-calendar";
import {
  KEY_FIGURE_COUNTS,
  KEY_FIGURES_DEFAULT_DAYS,
  KEY_FIGURES_MAX_DAYS,
  type KeyFigureCount,
  type KeyFigureCounts,
  type KeyFiguresDto,
  type KeyFiguresQuery,
  type KeyFiguresSite,
} from "@/lib/schemas/admin-key-figures";
import { SITES, type SiteId } from "@/sites/registry";

/**
 * How each figure is counted: the rows it counts (`source`, aliased so that `moment` is the moment that
 * puts a row in a period and `site` the site it belongs to) and what is counted of them.
 *
 * - signUps: accounts created, by the site they registered on.
 * - confirmed: of those accounts, the ones whose e-mail is confirmed now. Nothing records when an
 *   e-mail was confirmed (users.is_verified is a flag, and a verify link's used_at is also set when a
 *   newer link replaces it), so this is counted by sign-up, not by the day of confirmation.
 * - trialsStarted: first logins (users.first_login_at, which starts the trial). A trial staff extended
 *   has its first_login_at moved later, and counts on that day.
 * - trialsConverted: subscriptions accepted (billing_accounts.accepted_at), by the site accepted at; an
 *   account accepted again after it ended counts once, at its latest acceptance.
 * - activePlans: plans saved (created or changed) in the period, each once: the plan's latest save
 *   (updated_at) and the saves its history still holds (the newest few per plan), by the owner's site.
 * - exports: saved exports (signplan_exports), by the plan owner's site; a plan keeps only its newest
 *   exports, so older periods lose the ones pruned since.
 */
const COUNTS: Record<Exclude<KeyFigureCount, "activePlans">, { source: RawBuilder<unknown>; value: RawBuilder<unknown> }> = {
  signUps: {
    source: sql`(select created_at as moment, registered_site as site, id from users)`,
    value: sql`1`,
  },
  confirmed: {
    source: sql`(select created_at as moment, registered_site as site, is_verified as verified from users)`,
    value: sql`src.verified`,
  },
  trialsStarted: {
    source: sql`(select first_login_at as moment, registered_site as site, id from users where first_login_at is not null)`,
    value: sql`1`,
  },
  trialsConverted: {
    source: sql`(select accepted_at as moment, site, id from billing_accounts where accepted_at is not null)`,
    value: sql`1`,
  },
  exports: {
    source: sql`(
      select e.created_at as moment, u.registered_site as site, e.id
      from signplan_exports e
      join signplans p on p.id = e.signplan_id
      join users u on u.id = p.owner_id
    )`,
    value: sql`1`,
  },
};

/**
 * The periods as a table of the query, (start, end, key) per row: VALUES names its columns column1,
 * column2, column3 in SQLite and PostgreSQL alike. Joining rows to it by their moment and grouping by
 * its key counts every period in one GROUP BY, with bounds worked out in the sites' time zone. The
 * join is a CROSS JOIN with its condition in WHERE, which SQLite takes as the order of the loops (it
 * knows nothing of a VALUES table's size): the periods outside, each an index range scan of the
 * counted rows (the moments are indexed, migration 0018). PostgreSQL plans it as any join.
 */
function periodsTable(periods: Period[]): RawBuilder<unknown> {
  return sql`(values ${sql.join(periods.map((p) => sql`(${p.start}, ${p.end}, ${p.key})`))}) as periods`;
}

/**
 * What the rows add to their period: their value, for a site only the rows of that site. Summed rather
 * than filtered in WHERE: given a condition on the site (or on a flag), SQLite built an automatic index
 * on it instead of using the moment's, and a year of 100,000 sign-ups took seconds, not a tenth of one.
 */
const summed = (value: RawBuilder<unknown>, site: KeyFiguresSite) =>
  site === "all" ? sql`sum(${value})` : sql`sum(case when src.site = ${site} then ${value} else 0 end)`;

async function countPerPeriod(db: Kysely<Database>, figure: KeyFigureCount, periods: Period[], site: KeyFiguresSite) {
  if (figure === "activePlans") return activePlansPerPeriod(db, periods, site);
  const { source, value } = COUNTS[figure];
  const { rows } = await sql<{ period: string; n: number | string }>`
    select periods.column3 as period, ${summed(value, site)} as n
    from ${periodsTable(periods)}
    cross join ${source} src
    where src.moment >= periods.column1 and src.moment < periods.column2
    group by periods.column3
  `.execute(db);
  return new Map(rows.map((r) => [r.period, Number(r.n)]));
}

/**
 * Plans saved in each period, each once: the saves are found per period first (each an index range
 * scan of its table, as a join of the periods to the union of both tables could not use the indexes),
 * then counted once per plan with the owner's site.
 */
async function activePlansPerPeriod(db: Kysely<Database>, periods: Period[], site: KeyFiguresSite) {
  const saves = sql`(
    select periods.column3 as period, h.signplan_id as id
    from ${periodsTable(periods)}
    cross join signplan_history h
    where h.saved_at >= periods.column1 and h.saved_at < periods.column2
    union
    select periods.column3 as period, p.id
    from ${periodsTable(periods)}
    cross join signplans p
    where p.updated_at >= periods.column1 and p.updated_at < periods.column2
  ) saves`;
  // All sites need no owner: the plan's id alone is counted (union has made each plan once a period).
  // A site's: the owner of each save's plan by primary key, the saves the outer loop (CROSS JOIN).
  const { rows } = await (
    site === "all"
      ? sql<{ period: string; n: number | string }>`select saves.period, count(*) as n from ${saves} group by saves.period`
      : sql<{ period: string; n: number | string }>`
        select saves.period, ${summed(sql`1`, site)} as n
        from ${saves}
        cross join signplans plan
        cross join (select id, registered_site as site from users) src
        where plan.id = saves.id and src.id = plan.owner_id
        group by saves.period`
  ).execute(db);
  return new Map(rows.map((r) => [r.period, Number(r.n)]));
}

async function countsPerPeriod(db: Kysely<Database>, periods: Period[], site: KeyFiguresSite): Promise<Map<string, KeyFigureCounts>> {
  const perFigure = await Promise.all(KEY_FIGURE_COUNTS.map((figure) => countPerPeriod(db, figure, periods, site)));
  return new Map(
    periods.map((p) => [
      p.key,
      Object.fromEntries(KEY_FIGURE_COUNTS.map((figure, i) => [figure, perFigure[i]!.get(p.key) ?? 0])) as KeyFigureCounts,
    ]),
  );
}

/**
 * The range's totals: events add up over the periods; active plans are counted again over the whole
 * range, as a plan saved in two periods is one plan.
 */
async function totalsOf(db: Kysely<Database>, perPeriod: KeyFigureCounts[], from: string, to: string, site: KeyFiguresSite) {
  const whole = wholeRange(from, to);
  const active = await activePlansPerPeriod(db, [whole], site);
  const totals = Object.fromEntries(
    KEY_FIGURE_COUNTS.map((figure) => [figure, perPeriod.reduce((sum, counts) => sum + counts[figure], 0)]),
  ) as KeyFigureCounts;
  return { ...totals, activePlans: active.get(whole.key) ?? 0 };
}

/** Invoiced net of VAT per month and currency, less the invoices credit notes cancelled (in the month of the credit note). */
async function revenuePerMonth(db: Kysely<Database>, months: Period[], site: KeyFiguresSite): Promise<KeyFiguresDto["revenue"]> {
  const perMonth = (source: RawBuilder<unknown>) =>
    sql<{ period: string; currency: "DKK" | "SEK"; amount: number | string }>`
      select periods.column3 as period, src.currency, ${summed(sql`src.subtotal`, site)} as amount
      from ${periodsTable(months)}
      cross join ${source} src
      where src.moment >= periods.column1 and src.moment < periods.column2
      group by periods.column3, src.currency
    `.execute(db);
  const [invoiced, credited] = await Promise.all([
    perMonth(sql`(select issued_at as moment, site, currency, subtotal from invoices)`),
    perMonth(
      sql`(select c.issued_at as moment, i.site, i.currency, i.subtotal from credit_notes c join invoices i on i.id = c.invoice_id)`,
    ),
  ]);
  const rows = new Map<string, KeyFiguresDto["revenue"][number]>();
  const row = (month: string, currency: "DKK" | "SEK") => {
    const key = `${month} ${currency}`;
    if (!rows.has(key)) rows.set(key, { month, currency, invoiced: 0, credited: 0, net: 0 });
    return rows.get(key)!;
  };
  // Each month shows every currency of the selection, zeros included, so the table's rows line up.
  // A site has its one currency (the other sites' invoices are summed as zeros for it).
  const currencies = new Set<"DKK" | "SEK">(
    site === "all" ? [...invoiced.rows, ...credited.rows].map((r) => r.currency) : [SITES[site].currency],
  );
  for (const m of months) for (const c of [...currencies].sort()) row(m.key, c);
  for (const r of invoiced.rows) if (currencies.has(r.currency)) row(r.period, r.currency).invoiced += Number(r.amount);
  for (const r of credited.rows) if (currencies.has(r.currency)) row(r.period, r.currency).credited += Number(r.amount);
  return [...rows.values()].map((r) => ({ ...r, net: r.invoiced - r.credited }));
}

/** Seats and subscriptions paid for now: active, in a paid period that has not ended. */
async function payingNow(db: Kysely<Database>, site: KeyFiguresSite, now: Date): Promise<KeyFiguresDto["paying"]> {
  let q = db
    .selectFrom("billing_accounts")
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number | string>("seats"), sql<number>`0`).as("seats"),
      eb.fn.countAll<number | string>().as("accounts"),
    ])
    .where("status", "=", "active")
    .where("period_end", ">", now.toISOString());
  if (site !== "all") q = q.where("site", "=", site);
  const row = await q.executeTakeFirstOrThrow();
  return { seats: Number(row.seats), accounts: Number(row.accounts) };
}

/** GET /admin/key-figures: the figures of a site (or all) for a range of days, per day or ISO week. */
export async function getKeyFigures(db: Kysely<Database>, adminSite: SiteId, query: KeyFiguresQuery, now: Date): Promise<KeyFiguresDto> {
  const to = query.to ?? zoneDay(now);
  const from = query.from ?? addDays(to, -(KEY_FIGURES_DEFAULT_DAYS - 1));
  if (from > to || daysBetween(from, to) > KEY_FIGURES_MAX_DAYS) {
    throw new ApiError(400, serverTranslator(adminSite)("api.admin.keyFiguresRange", { max: KEY_FIGURES_MAX_DAYS }), { field: "from" });
  }
  const periods = periodsOf(from, to, query.by);
  const [perPeriod, paying, revenue] = await Promise.all([
    countsPerPeriod(db, periods, query.site),
    payingNow(db, query.site, now),
    revenuePerMonth(db, periodsOf(from, to, "month"), query.site),
  ]);
  const counts = periods.map((p) => perPeriod.get(p.key)!);
  const totals = await totalsOf(db, counts, from, to, query.site);
  return {
    site: query.site,
    by: query.by,
    from,
    to,
    periods: periods.map((p, i) => ({ key: p.key, firstDay: p.firstDay, lastDay: p.lastDay, ...counts[i]! })),
    totals,
    paying,
    revenue,
  };
}
