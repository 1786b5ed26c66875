// A user's feature flags as the backend lists them (`featureFlags` of the current user).

export interface FeatureFlag {
  readonly id: string;
  readonly enabled: boolean;
}

/** Whether the user's feature flags hold `id` switched on. Missing flags count as off. */
export function isFeatureFlagOn(flags: readonly FeatureFlag[] | null | undefined, id: string): boolean {
  return flags?.some((flag) => flag.id === id && flag.enabled) ?? false;
}
