// The optional third-party analytics script (docs/analytics.md): none unless an admin configured one.
export interface ThirdPartyScriptInput {
  url: string | null | undefined;
  production: boolean;
  hosted: boolean;
  statisticsEnabled: boolean;
}

export function thirdPartyAnalyticsScript({
  url,
  production,
  hosted,
  statisticsEnabled,
}: ThirdPartyScriptInput): string | null {
  if (!url || !statisticsEnabled || !(production || hosted)) return null;
  try {
    return new URL(url).protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}
