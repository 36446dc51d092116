/** SPEC 4 'Language': the switcher and its messages, shown in the new language. */
export const language = {
  label: 'Language',
  zh: '中文',
  en: 'English',
  switchSuccess: 'The language is now English.',
  switchFailed: 'Switching the language failed. Please try again.',
};
