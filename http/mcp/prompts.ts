// Two prompts that show a typical analysis with the tools: a company snapshot and a quality-of-earnings check.
import type { GetPromptResult, Prompt } from '@modelcontextprotocol/sdk/types.js';

export const PROMPTS: Prompt[] = [
  {
    name: 'company_snapshot',
    title: 'Company snapshot',
    description: 'Profile, five years of income statement and balance sheet, and EPS history of one company, summarized.',
    arguments: [{ name: 'symbol', description: 'Ticker symbol, e.g. AAPL', required: true }],
  },
  {
    name: 'earnings_quality',
    title: 'Earnings quality check',
    description: 'Compares net income with operating cash flow and looks at stock compensation and buybacks.',
    arguments: [{ name: 'symbol', description: 'Ticker symbol, e.g. AAPL', required: true }],
  },
];

export function promptMessages(name: string, args: Readonly<Record<string, string>>): GetPromptResult['messages'] | null {
  const symbol = (args.symbol ?? '').trim() || 'AAPL';
  const text =
    name === 'company_snapshot'
      ? `Give me a snapshot of ${symbol}. Call company_details (symbol ${symbol}), then financials_income_statement and financials_balance_sheet with period annual and limit 5, and earnings_eps_history with period annual. Summarize revenue and net income growth, margins, leverage and EPS trend; cite fiscal years and say where a value was not reported.`
      : name === 'earnings_quality'
        ? `Assess the earnings quality of ${symbol}. Call financials_income_statement and financials_cash_flow (period annual, limit 5), footnotes_stock_compensation and, if my plan allows, footnotes_buybacks. Compare net income with operating cash flow year by year, show stock-based compensation as a share of operating cash flow, and say whether buybacks offset dilution.`
        : null;
  return text === null ? null : [{ role: 'user', content: { type: 'text', text } }];
}
