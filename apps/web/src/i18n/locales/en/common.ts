/** Words shared by many screens. */
export const common = {
  beta: 'Beta',
  cancel: 'Cancel',
  retry: 'Try again',
  imageLoadFailed: 'Load failed',
  backHome: 'Back to home',
  close: 'Close',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
};
