/** The sign-in module's public surface: its routes (login, tokens, registration), the RSA key store and the checks the personal centre shares with registration. */
export { KeyStore } from './keys'
export { organizationName } from './accounts'
export { emailExists, emailTaken, phoneExists, phoneTaken, registerRegistrationRoutes } from './register'
export { registerAuthRoutes } from './routes'
