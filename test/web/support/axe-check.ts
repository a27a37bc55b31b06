/**
 * Accessibility as axe-core judges it (docs/architecture.md, "Tests in a real browser"): axe runs
 * in the page with its default rules (WCAG 2 A/AA and best practices), and a page passes with no
 * violation of impact serious or critical.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const FAILING_IMPACTS: ReadonlySet<string> = new Set(['serious', 'critical']);

/** A violation as axe reports it (the fields printed). */
export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly helpUrl: string;
  readonly nodes: ReadonlyArray<{ readonly target: unknown; readonly failureSummary?: string }>;
}

function describeViolation(v: AxeViolation): string {
  const nodes = v.nodes.map((n) => `    ${JSON.stringify(n.target)}${n.failureSummary ? `: ${n.failureSummary}` : ''}`);
  return [`  ${v.id} (${v.impact ?? 'no impact'}): ${v.help} [${v.helpUrl}]`, ...nodes].join('\n');
}

/**
 * Runs axe on `page` as it is now; fails, printing each violation's id, impact, help and nodes,
 * when one is serious or critical. Returns the serious and critical ones (none when it passes).
 */
export async function axeCheck(page: Page, label: string): Promise<AxeViolation[]> {
  // Evaluated rather than added as a <script>: the service's Content-Security-Policy
  // (script-src 'self') refuses inline scripts, and the test must not loosen the policy it tests.
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate<{ violations: AxeViolation[] }>(
    'axe.run(document, { resultTypes: ["violations"] })',
  );
  const failing = results.violations.filter((v) => v.impact !== null && FAILING_IMPACTS.has(v.impact));
  if (failing.length > 0)
    throw new Error(
      `axe on ${label} (${page.url()}): ${failing.length} serious or critical violation(s):\n` +
        failing.map(describeViolation).join('\n'),
    );
  return failing;
}
