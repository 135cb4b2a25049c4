/**
 * GET search?q=&limit= (the command palette): units, people, accounts, projects and work sites
 * whose name or code holds `q`. Each kind is searched only when the caller's menus include its page
 * (SEARCH_MENU) and only within that page's data scope — the same units and projects its list
 * shows; a kind the caller may not open is left out, not refused. Each kind's finder lives in the
 * module that owns its table.
 */
import type { FastifyInstance } from 'fastify'
import { SEARCH_KINDS, SEARCH_MENU, SEARCH_PATH, searchQuery, type SearchHit } from '../../../src/contract/schemas/search'
import type { Ctx } from '../../context'
import type { Finder } from '../../lib/finder'
import { ok, parse } from '../../lib/http'
import { grantOf, scopeOrgIds } from '../../lib/permissions'
import { visibleProjectIds } from '../../lib/projectScope'
import { accountFinder } from '../account'
import { orgNames, unitFinder } from '../org'
import { personFinder } from '../people'
import { projectFinder } from '../project'
import { workSiteFinder } from '../workSite'

const FINDERS: readonly Finder[] = [unitFinder, personFinder, accountFinder, projectFinder, workSiteFinder]

export function registerSearchRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get(SEARCH_PATH, { config: { auth: 'signed' } }, async (req) => {
    const { q, limit } = parse(searchQuery, req.query, req)
    const auth = req.auth!
    const found = await Promise.all(
      FINDERS.map(async (finder) => {
        const grant = await grantOf(ctx, auth, { menu: SEARCH_MENU[finder.kind] })
        if (!grant) return []
        const orgIds = await scopeOrgIds(ctx, auth.account, grant.scope)
        const projectIds = finder.byProject ? await visibleProjectIds(ctx, { ...auth, grant }) : []
        return finder.find(ctx.db, q, { orgIds, projectIds }, limit)
      }),
    )
    const hits = found.flat().sort((a, b) => SEARCH_KINDS.indexOf(a.kind) - SEARCH_KINDS.indexOf(b.kind))
    const unitIds = [...new Set(hits.map((h) => h.organizationId).filter((id): id is string => !!id))]
    const names = new Map((unitIds.length ? await orgNames(ctx.db, unitIds) : []).map((u) => [u.id, u.name]))
    return ok<SearchHit[]>(
      req,
      hits.map((h) => ({ ...h, organizationName: h.organizationId ? (names.get(h.organizationId) ?? null) : null })),
    )
  })
}
