/**
 * The WebEngagement and Engage plugins' public vocabulary, type-only: their bus commands and events.
 * `src/index.ts` re-exports this module so the published types declare them (see src/bus/types.ts).
 */
import type { Disposition, DispositionResult, EngagementInvite, VisitIds } from '../../services/web-engagement.ts';
import type { WebEngagementController } from './web-engagement.ts';

declare module '../../bus/types.ts' {
  interface Commands {
    /** The visit's ids (visitID, pageID, alias). */
    'WebEngagement.getIDs': { options: void; result: VisitIds };
    /** Tells the engagement server an invite's outcome. */
    'WebEngagement.sendDisposition': { options: Partial<Disposition> & { result: DispositionResult }; result: void };
    /** Hands a command to the tracking script's queue (`_gt.push`): a non-empty array. */
    'WebEngagement.push': { options: unknown[]; result: void };
    /** Shows an invite: the one given, or the server's for `engagementID` (or for the visit, with no options). */
    'WebEngagement.invite': { options: EngagementInvite | void; result: void };
    /** Only from the plugin itself or the App; the page configures the `webengagement` section. */
    'WebEngagement.configure': {
      options: { endpoint: string; smartInvites?: boolean; tracker?: boolean; trackedEvents?: string[]; pollInterval?: number; alias?: string };
      result: void;
    };
    /** The engagement's own invite command: `WebEngagement.invite`. */
    'Engage.invite': { options: EngagementInvite | void; result: void };
  }
  interface Events {
    'WebEngagement.configured': { endpoint: string };
    'WebEngagement.inviteShown': { actionID: string; engagementID: string; media: string; seconds: number };
    'WebEngagement.inviteEnded': { actionID: string; engagementID: string; media: string; result: DispositionResult };
    'WebEngagement.disposition': Disposition;
  }
}

declare module '../../app/app.ts' {
  interface Controllers {
    WebEngagement: WebEngagementController;
  }
}
