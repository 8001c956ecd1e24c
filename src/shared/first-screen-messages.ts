// The texts of spec 01 §8 that the code of the web app's main file and of the sign-in page shows
// (the sign-in page's toasts, the error page's heading), word for word, in a file of their own: the
// first screens' JavaScript does not bring every text of the app along (issue 27). messages.ts has
// them among the others, for both sides.
export const loginMessages = {
  wrongPasswordTitle: 'Access Restricted',
  wrongPassword: "Password didn't match the user record.",
  otherFailure: "Hmm.. something's off. Give it another go.",
  success: "Let's go",
} as const;

export const routerDefaultError = 'Unexpected Application Error!';
