// The notification e-mail field of the alert screens (news alerts, earnings alerts, newsletter): an
// empty field is stored as NULL and means the user's default address (ADR 009), which the field only
// shows, as its placeholder and in this hint.

/** Under the notification e-mail field: an empty field means this address. */
export const defaultEmailHint = (defaultEmail: string) => `Leave empty to use your default address (${defaultEmail}), set in Profile.`;
