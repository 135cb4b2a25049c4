import type { Shape } from '../shape'

/**
 * What the request client and its dialogs say about a session (a cancelled request, an unknown code,
 * the re-login prompt) and the language switch — in the entry. The sign-in screens' own texts are
 * ./signIn (the login chunk) and ./signUp (registering, resetting a password).
 */
export const zh = {
  http: {
    cancelled: '请求已取消',
    unknownCode: '请求失败（{code}）',
  },
  dialogs: {
    alertTitle: '提示',
  },
  relogin: {
    title: '请重新输入密码',
    description: '您已长时间未操作，为保证账号安全，请输入账号 {account} 的密码后继续。',
    password: '密码',
    placeholder: '请输入密码',
    empty: '请输入密码',
    submit: '继续',
    submitting: '验证中…',
    cancel: '退出登录',
  },
  lang: {
    label: '语言',
    zh: '中文',
    en: 'English',
  },
}

export const en: Shape<typeof zh> = {
  http: {
    cancelled: 'Request cancelled',
    unknownCode: 'Request failed ({code})',
  },
  dialogs: {
    alertTitle: 'Notice',
  },
  relogin: {
    title: 'Enter your password again',
    description: 'You have been inactive for a while. To keep the account safe, enter the password of {account} to continue.',
    password: 'Password',
    placeholder: 'Enter your password',
    empty: 'Please enter the password',
    submit: 'Continue',
    submitting: 'Checking…',
    cancel: 'Sign out',
  },
  lang: {
    label: 'Language',
    zh: '中文',
    en: 'English',
  },
}
