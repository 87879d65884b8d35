// server/main.ts's import until it names ../security-headers.ts itself (it is being rewritten
// elsewhere); then this file goes. The build's headers are in integrations/finish/headers.ts.
export { isHttps, withSecurityHeaders } from '../security-headers.ts';
