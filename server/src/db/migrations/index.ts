import type { AtelierMigration } from '../column-types.js';
import { accounts } from './0001_accounts.js';
import { sites } from './0002_sites.js';
import { credits } from './0003_credits.js';
import { payments } from './0004_payments.js';
import { chat } from './0005_chat.js';
import { tasksFiles } from './0006_tasks_files.js';
import { drawing } from './0007_drawing.js';
import { apps } from './0008_apps.js';
import { drawingOnTasks } from './0009_drawing_on_tasks.js';
import { siteLanguage } from './0010_site_language.js';
import { ledgerHistoryOwner } from './0011_ledger_history_owner.js';
import { periodicRuns } from './0012_periodic_runs.js';
import { taskClaimIndex } from './0013_task_claim_index.js';
import { stableDiffusion } from './0015_stable_diffusion.js';
import { video } from './0016_video.js';
import { works } from './0019_works.js';
import { market } from './0020_market.js';
import { admin } from './0021_admin.js';
import { comfyToolWorkflows } from './0022_comfy_tool_workflows.js';
import { lateResults } from './0023_late_results.js';
import { refundsDisabledBatches } from './0024_refunds_disabled_batches.js';
import { taskReservations } from './0025_task_reservations.js';
import { providerChecks } from './0026_provider_checks.js';
import { examples } from './0027_examples.js';
import { avatarLinks } from './0040_avatar_links.js';
import { abuseLimits } from './0041_abuse_limits.js';
import { emailWays } from './0050_email_ways.js';
import { oidc } from './0051_oidc.js';
import { captcha } from './0052_captcha.js';
import { fileSettings } from './0060_file_settings.js';
import { guestLimits } from './0061_guest_limits.js';
import { phoneWays } from './0062_phone_ways.js';
import { chatReasoning } from './0063_chat_reasoning.js';
import { passkeys } from './0065_passkeys.js';
import { cloudrunTimeouts } from './0068_cloudrun_timeouts.js';
import { wechatWays } from './0071_wechat_ways.js';
import { githubSignIn } from './0073_github_sign_in.js';
import { signInWays } from './0074_sign_in_ways.js';
import { chatBranches } from './0075_chat_branches.js';
import { chatShares } from './0076_chat_shares.js';
import { chatFiles } from './0077_chat_files.js';
import { chatTools } from './0079_chat_tools.js';
import { hostedCaptcha } from './0081_hosted_captcha.js';
import { invitePayDays } from './0082_invite_pay_days.js';
import { abuseCounts } from './0083_abuse_counts.js';

/** Applied in the order of their names; a migration, once landed, is never edited. */
export const migrations: Record<string, AtelierMigration> = {
  '0001_accounts': accounts,
  '0002_sites': sites,
  '0003_credits': credits,
  '0004_payments': payments,
  '0005_chat': chat,
  '0006_tasks_files': tasksFiles,
  '0007_drawing': drawing,
  '0008_apps': apps,
  '0009_drawing_on_tasks': drawingOnTasks,
  '0010_site_language': siteLanguage,
  '0011_ledger_history_owner': ledgerHistoryOwner,
  '0012_periodic_runs': periodicRuns,
  '0013_task_claim_index': taskClaimIndex,
  '0015_stable_diffusion': stableDiffusion,
  '0016_video': video,
  '0019_works': works,
  '0020_market': market,
  '0021_admin': admin,
  '0022_comfy_tool_workflows': comfyToolWorkflows,
  '0023_late_results': lateResults,
  '0024_refunds_disabled_batches': refundsDisabledBatches,
  '0025_task_reservations': taskReservations,
  '0026_provider_checks': providerChecks,
  '0027_examples': examples,
  '0040_avatar_links': avatarLinks,
  '0041_abuse_limits': abuseLimits,
  '0050_email_ways': emailWays,
  '0051_oidc': oidc,
  '0052_captcha': captcha,
  '0060_file_settings': fileSettings,
  '0061_guest_limits': guestLimits,
  '0062_phone_ways': phoneWays,
  '0063_chat_reasoning': chatReasoning,
  '0065_passkeys': passkeys,
  '0068_cloudrun_timeouts': cloudrunTimeouts,
  '0071_wechat_ways': wechatWays,
  '0073_github_sign_in': githubSignIn,
  '0074_sign_in_ways': signInWays,
  '0075_chat_branches': chatBranches,
  '0076_chat_shares': chatShares,
  '0077_chat_files': chatFiles,
  '0079_chat_tools': chatTools,
  '0081_hosted_captcha': hostedCaptcha,
  '0082_invite_pay_days': invitePayDays,
  '0083_abuse_counts': abuseCounts,
};
