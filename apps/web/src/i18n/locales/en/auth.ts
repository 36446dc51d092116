/** SPEC 2 'Login dialog': the dialog frame and its four panels. */
export const auth = {
  panels: {
    login: 'Log in',
    register: 'Sign up',
    forgotPassword: 'Reset your password',
    setPassword: 'Change your password',
  },
  welcome: 'Welcome to {{product}}',
  benefitsIntro: 'With a free account you can:',
  toRegister: 'No account yet? Sign up',
  toLogin: 'Already have an account? Log in',
  toForgotPassword: 'Forgot your password?',
  legalNotice: 'Using {{product}} means you accept these terms:',
};
