/** Words shared by many screens. */
export const common = {
  beta: 'Beta',
  cancel: 'Cancel',
  retry: 'Try again',
  backHome: 'Back to home',
  comingLater: 'This part of {{product}} is coming in a later release.',
};
