import { MESSAGES } from '@layerline/contract';
import { pick, SERVER_ERROR_KEYS } from '../server-messages';
/**
 * SPEC 2 'Login dialog' with its four panels, the SPEC 5 rules and the SPEC 8
 * Auth messages. Texts SPEC quotes are kept exactly as written there.
 */
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
  toEditProfile: 'Edit your profile',
  legalNotice: 'Using {{product}} means you accept these terms:',
  loadingPanel: 'Loading the form',
  fields: {
    email: 'E-mail',
    emailPlaceholder: 'you@example.com',
    password: 'Password',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    oldPassword: 'Current password',
    passwordPlaceholder: '8 to 20 characters',
    confirmPlaceholder: 'Enter the password again',
    captcha: 'Captcha',
    captchaPlaceholder: 'Answer shown in the image',
    emailCode: 'Verification code',
    emailCodePlaceholder: '6-digit code from the e-mail',
    remember: 'Remember me',
  },
  captcha: {
    refresh: 'Captcha image, click to refresh',
    loading: 'Loading the captcha',
    retry: 'Load the captcha again',
  },
  code: {
    get: 'Get code',
    countdown: '{{seconds}}s',
    reget: 're-get',
    sent: 'A verification code has been sent to {{email}}.',
  },
  agreement: {
    prefix: 'I have read and agree to the',
    and: 'and',
    confirmTitle: 'Please agree first',
    confirmOk: 'Agree and continue',
  },
  submit: {
    login: 'Log in',
    register: 'Sign up',
    forgotPassword: 'Reset password',
    setPassword: 'Change password',
  },
  success: {
    login: 'Logged in. Welcome back!',
    register: 'Your account is ready. Welcome!',
    reset: 'Your password has been reset. Please log in with the new password.',
    changed: 'Your password has been changed. Please log in again.',
  },
  errors: {
    // SPEC 5/8 texts the server also sends: one source, the contract.
    ...pick(MESSAGES.en, SERVER_ERROR_KEYS),
    passwordRequired: 'Please enter the password',
    oldPasswordRequired: 'Please enter the current password',
    passwordLength: 'The password must be 8 to 20 characters',
    passwordBlank: 'The password cannot be only spaces',
    passwordTooCommon: 'This password is too common, please choose another one',
    confirmRequired: 'Please enter the password again',
    captchaRequired: 'Please enter the captcha',
    emailCodeRequired: 'Please enter the e-mail verification code',
    agreementRequired: 'Please read and agree to the User Agreement and Privacy Policy',
    invalid: 'Please check this field',
  },
};
