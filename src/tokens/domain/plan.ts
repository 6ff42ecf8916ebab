export const PLANS = ['free', 'premium'] as const;
export type Plan = (typeof PLANS)[number];

export function isPlan(value: unknown): value is Plan {
  return PLANS.includes(value as Plan);
}
