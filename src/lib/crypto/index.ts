/**
 * Browser crypto for the request client and the login sequence:
 * HMAC-SHA256 / SHA-256 (crypto-js, ./hash) and RSA PKCS#1 v1.5 (jsencrypt, ./rsa).
 */
export { sha256Hex, hmacSha256Hex, randomHex } from './hash'
export { preloadRsa, rsaEncrypt } from './rsa'
