// electron-builder's afterSign hook: notarises the signed macOS app with Apple, and only when the
// credentials are in the environment (an App Store Connect API key, or an Apple ID with an
// app-specific password). Without them it says so and the build goes on unnotarised.
// CommonJS because electron-builder loads hooks with require().

/** The notarisation credentials in `env`, or null when there are none. */
function credentials(env) {
  if (env.APPLE_API_KEY && env.APPLE_API_KEY_ID && env.APPLE_API_ISSUER) {
    return { appleApiKey: env.APPLE_API_KEY, appleApiKeyId: env.APPLE_API_KEY_ID, appleApiIssuer: env.APPLE_API_ISSUER };
  }
  if (env.APPLE_ID && env.APPLE_APP_SPECIFIC_PASSWORD && env.APPLE_TEAM_ID) {
    return { appleId: env.APPLE_ID, appleIdPassword: env.APPLE_APP_SPECIFIC_PASSWORD, teamId: env.APPLE_TEAM_ID };
  }
  return null;
}

async function notarizeApp(context, env = process.env, notarize = (options) => import('@electron/notarize').then((module) => module.notarize(options))) {
  if (context.electronPlatformName !== 'darwin') return 'not macOS';
  const found = credentials(env);
  if (!found) {
    console.log('notarisation skipped: no APPLE_API_KEY/APPLE_API_KEY_ID/APPLE_API_ISSUER or APPLE_ID/APPLE_APP_SPECIFIC_PASSWORD/APPLE_TEAM_ID');
    return 'skipped';
  }
  const appPath = `${context.appOutDir}/${context.packager.appInfo.productFilename}.app`;
  await notarize({ appPath, ...found });
  return 'notarised';
}

module.exports = notarizeApp;
module.exports.default = notarizeApp;
module.exports.credentials = credentials;
