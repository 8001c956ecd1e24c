// Filled in by issue 30's work on this section.
export function TwoFactorSection() {
  return null;
}
