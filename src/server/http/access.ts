import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { isStaffRole } from '../../contracts/entities';
import { AppError } from './errors';

/**
 * Who may call a route at all, before its schema or handler runs (issue 25):
 * - `public`: anyone (sign-in, the contact of a signed-out page, static files, health);
 * - `signedIn`: any signed-in account (object rules — own data, the room's host, the caller's
 *   school and groups — stay with the handler and its repository);
 * - `staff`: teachers, staff and admins;
 * - `admin`: admins only.
 */
export type Access = 'public' | 'signedIn' | 'staff' | 'admin';

/**
 * Every route's access, by "METHOD url" as registered. A route that is not here stops the app at
 * start (`registerAccessGate`), so a new route cannot go out without a rule, and the
 * authorization matrix (`access.test.ts`) checks each rule against every role. HEAD follows GET unless it has its own.
 */
export const ROUTE_ACCESS: Readonly<Record<string, Access>> = {
  // Static files, health, configuration the signed-out pages read.
  'GET /': 'public',
  'GET /*': 'public',
  'GET /media/*': 'public',
  'GET /media/w/:width/images/*': 'public',
  // Signed URLs are the key (UPLOAD_URL_TTL_S): no bearer token on an <img>.
  'GET /uploads/:name': 'public',
  'GET /healthz': 'public',
  'GET /ws': 'public', // the socket authenticates in its first message (WS_AUTH_TIMEOUT_MS)
  // The same socket over HTTP (issue 27): a session signs in with its first frame, as a socket
  // does; its unguessable id (a header) is the key to the rest.
  'POST /ws/open': 'public',
  'POST /ws/send': 'public',
  'POST /ws/close': 'public',
  'GET /ws/stream': 'public',
  'GET /ws/poll': 'public',
  'GET /v1/client-config': 'public',
  'GET /v1/location': 'public',
  'GET /v1/realtime': 'public',
  'GET /v0/app-info': 'public',

  // Sign-in, tokens, accounts.
  'POST /v1/auth/login': 'public',
  'POST /v0/auth/login': 'public',
  'POST /v2/auth': 'public',
  'GET /v2/auth': 'signedIn',
  'POST /v1/auth/refresh': 'public',
  'POST /v1/auth/logout': 'public', // ends the refresh token's family it names
  'GET /v1/auth/check': 'signedIn',
  'POST /v0/auth/check_token': 'signedIn',
  'POST /v0/password-reset': 'public',
  'GET /v2/oauth/providers': 'public',
  'GET /v1/oauth/popup.js': 'public',
  'GET /v1/oauth/:provider': 'public', // its link mode requires the caller in the handler
  'GET /v1/oauth/:provider/callback': 'public',
  'POST /v1/oauth/:provider': 'public',
  'POST /v2/oauth/:provider': 'public',
  'PUT /v1/oauth/:provider': 'signedIn',
  'POST /v1/user': 'staff',
  'POST /v1/user/:id/unlock': 'signedIn', // staff of the member's groups, in the handler
  'GET /v1/me': 'signedIn',
  'GET /v1/me/groups': 'signedIn',
  'DELETE /v1/me/violation/:keyName': 'signedIn',
  'GET /v1/user/:id': 'signedIn',
  'GET /v0/users/:id': 'signedIn',
  'PUT /v1/user/:id': 'signedIn',
  'GET /v1/permission/:name': 'signedIn',
  'GET /v0/permission/:name': 'signedIn',
  'POST /v1/realtime/token': 'signedIn',

  // Groups.
  'GET /v1/group/:id/members': 'staff',
  'GET /v1/group/:id/feedbackApproval': 'staff',
  'PUT /v1/group/:id/feedbackApproval': 'staff',
  'GET /v1/group/:id/signIn': 'staff',
  'PUT /v1/group/:id/signIn': 'staff',
  'GET /v1/group/:id/pictureApproval': 'staff',
  'PUT /v1/group/:id/pictureApproval': 'staff',
  'POST /v1/group': 'staff',
  'GET /v1/group/:id/candidates': 'staff',
  'POST /v1/group/:id/members': 'staff',

  // Rooms (the host's rules are the handler's).
  'GET /v1/streams': 'signedIn',
  'GET /v1/stream/:id': 'signedIn',
  'POST /v1/stream': 'staff',
  'PUT /v1/stream/:id': 'signedIn',
  'POST /v1/stream/:id/:kind': 'signedIn',
  'PUT /v1/stream/:id/comments-paused': 'signedIn',
  'POST /v1/stream/:id/output/length': 'signedIn',

  // Sessions, votes, comments.
  'GET /v1/sessions': 'signedIn',
  'GET /v1/me/sessions': 'signedIn',
  'GET /v0/session': 'signedIn',
  'GET /v1/session/:id': 'signedIn',
  'GET /v0/session/:id': 'signedIn',
  'POST /v1/session/:id/join': 'signedIn',
  'POST /v0/session/:id/join': 'signedIn',
  'POST /v1/session/:id/leave': 'signedIn',
  'GET /v1/session/:id/users': 'signedIn',
  'GET /v1/session/:id/votes': 'signedIn',
  'POST /v1/session/:id/vote': 'signedIn',
  'PUT /v1/session/:id/vote/:voteId': 'signedIn',
  'GET /v1/session/:id/comments': 'signedIn',
  'GET /v0/session/:id/comments': 'signedIn',
  'GET /v0/session/:id/comments/page': 'signedIn',
  'POST /v1/session/:id/comment': 'signedIn',
  'POST /v0/session/:id/comments': 'signedIn',
  'DELETE /v1/comment/:id': 'signedIn',
  'PUT /v1/comment/:id/pin': 'signedIn',
  'GET /v1/session/:id/feedbacks': 'signedIn',
  'GET /v1/session/:id/reflections': 'signedIn',
  'GET /v1/session/:id/actions': 'signedIn',
  'GET /v1/work/:id': 'signedIn',
  'GET /v0/work/:id': 'signedIn',
  'GET /v1/units/:id': 'signedIn',

  // People, profiles, follows.
  'POST /v1/follow/:id': 'signedIn',
  'POST /v0/follow/:id': 'signedIn',
  'DELETE /v1/follow/:id': 'signedIn',
  'DELETE /v0/follow/:id': 'signedIn',
  'GET /v1/follows': 'signedIn',
  'GET /v0/follows': 'signedIn',
  'GET /v1/followers': 'signedIn',
  'GET /v0/followers': 'signedIn',
  'GET /v1/user/:id/follows': 'signedIn',
  'GET /v1/user/:id/followers': 'signedIn',
  'GET /v1/user/:id/outputs': 'signedIn',
  'GET /v1/user/:id/feedbacks': 'signedIn',
  'GET /v1/user/:id/sessions': 'signedIn',
  'GET /v1/user/:id/tags': 'signedIn',
  'GET /v1/user/:id/memos': 'signedIn',
  'GET /v1/user/:id/reflections': 'signedIn',
  'GET /v1/me/activities': 'signedIn',
  'GET /v1/me/feedbacks': 'signedIn',
  'GET /v1/me/joinedSessions': 'signedIn',
  'GET /v1/me/postedOutputs': 'signedIn',
  'GET /v1/me/unitOutputs': 'signedIn',
  'GET /v1/me/outputs': 'signedIn',
  'GET /v1/me/reflections': 'signedIn',
  'GET /v1/tag': 'signedIn',
  'POST /v1/tag': 'signedIn',
  'PUT /v1/tag': 'signedIn',
  'DELETE /v1/tag': 'signedIn',
  'GET /v1/activities/:id': 'signedIn',
  'POST /v1/activity': 'signedIn',

  // Reflections, projects.
  'POST /v1/session/:id/reflection': 'signedIn',
  'GET /v1/reflection/:id': 'signedIn',
  'PUT /v1/reflection/:id': 'signedIn',
  'DELETE /v1/reflection/:id': 'signedIn',
  'GET /v1/inquiryProjects': 'signedIn',
  'GET /v1/inquiryProjects/pinnedSlides': 'signedIn',
  'GET /v1/inquiryProject/:id': 'signedIn',
  'POST /v1/inquiryProject': 'signedIn',

  // Outputs, feedback, reactions, reports of posts.
  'POST /v1/output': 'signedIn',
  'POST /v0/output': 'signedIn',
  'PUT /v1/output/:id': 'signedIn',
  'PUT /v0/output/:id': 'signedIn',
  'GET /v0/output/:id': 'signedIn',
  'POST /v1/output/image': 'signedIn',
  'GET /v1/session/:id/outputs': 'signedIn',
  'GET /v1/outputs/recommend': 'signedIn',
  'GET /v1/session/:id/works': 'signedIn',
  'GET /v1/output/:id/viewer': 'signedIn',
  'GET /v1/output/:id/feedbacks': 'signedIn',
  'GET /v0/output/:id/comments': 'signedIn',
  'POST /v0/output/:id/comments': 'signedIn',
  'POST /v1/feedback': 'signedIn',
  'POST /v1/feedbacks/publish': 'staff',
  'POST /v1/feedback/:id/reaction': 'signedIn',
  'GET /v1/action': 'signedIn',
  'POST /v1/action': 'signedIn',
  'GET /v0/actions': 'signedIn',
  'POST /v0/actions': 'signedIn',
  'POST /v1/violation': 'signedIn',
  'GET /v1/translation': 'signedIn',
  'POST /v1/translation': 'signedIn',
  'GET /v1/notifications': 'signedIn',
  'GET /v1/notifications/:kind': 'signedIn',

  // Class reports and moderation.
  // Safeguarding (issue 26): help for anyone signed in; concerns for the adults of the groups.
  'GET /v1/care': 'signedIn',
  'PUT /v1/care': 'staff', // the caller's own school only, in the repository
  'GET /v1/concerns': 'staff',
  'GET /v1/concerns/unseen': 'staff',
  'POST /v1/concern/:id/seen': 'staff',
  'GET /v1/report/groups': 'staff',
  'GET /v1/report/status': 'staff',
  'POST /v1/report/refresh': 'staff',
  'GET /v1/report/group/:groupId/sessions': 'staff',
  'GET /v1/report/group/:groupId/sessions/csv': 'staff',
  'GET /v1/report/group/:groupId/session/:sessionId': 'staff',
  'GET /v1/report/group/:groupId/session/:sessionId/csv': 'staff',
  'GET /v1/report/group/:groupId/members': 'staff',
  'GET /v1/report/group/:groupId/members/csv': 'staff',
  'GET /v1/report/feedbacks': 'staff',
  'GET /v1/report/feedbacks/csv': 'staff',
  'GET /v1/moderation/queue': 'staff',
  'POST /v1/moderation/:type/:id/decision': 'staff',
  'POST /v1/moderation/comment-reports/:id/dismiss': 'staff',
  'POST /v1/moderation/:type/:id/removal': 'staff',
  'POST /v1/moderation/reports/:id/dismiss': 'staff',

  // Web Push.
  'GET /v1/push/key': 'signedIn',
  'POST /v1/push/token': 'signedIn',
  'POST /v0/token': 'signedIn',
  'DELETE /v1/push/token': 'signedIn',

  // The studio.
  'GET /v1/studio/options': 'staff',
  'GET /v1/studio/sessions': 'staff',
  'GET /v1/studio/session/:id': 'staff',
  'POST /v1/studio/session': 'staff',
  'PUT /v1/studio/session/:id': 'staff',
  'POST /v1/studio/session/:id/duplicate': 'staff',
  'PUT /v1/studio/session/:id/archived': 'staff',
  'POST /v1/studio/session/:id/video': 'staff',
  'PUT /v1/studio/video/:id': 'staff',
  'GET /v1/studio/video/:id': 'staff',
  'PUT /v1/studio/video/:id/caption/:lang': 'staff',
  'GET /v1/studio/video/:id/job': 'staff',
  'GET /v1/studio/works': 'staff',
  'POST /v1/studio/work': 'staff',
  'PUT /v1/studio/work/:id': 'staff',
  'DELETE /v1/studio/work/:id': 'staff',
  'POST /v1/studio/image': 'staff',
  'POST /v1/studio/uploads': 'staff',
  'PATCH /v1/studio/uploads': 'staff',
  'DELETE /v1/studio/uploads': 'staff',
  'OPTIONS /v1/studio/uploads': 'staff',
  'HEAD /v1/studio/uploads': 'staff',
  'POST /v1/studio/uploads/:id': 'staff',
  'PATCH /v1/studio/uploads/:id': 'staff',
  'DELETE /v1/studio/uploads/:id': 'staff',
  'OPTIONS /v1/studio/uploads/:id': 'staff',
  'HEAD /v1/studio/uploads/:id': 'staff',

  // The older service's own calls: surveys, news, the contact form.
  'GET /v0/surveys': 'signedIn',
  'PUT /v0/surveys/:id': 'signedIn',
  'GET /v0/articles': 'signedIn',
  'POST /v0/articles': 'staff',
  'PUT /v0/articles/:id': 'staff',
  'POST /v0/inquiry': 'signedIn',
  'GET /v0/inquiry': 'admin',
  'POST /v0/inquiry/:id/answer': 'admin',
  'POST /v0/inquiry/:id/archive': 'admin',
};

/** The rule of a registered route; HEAD follows GET unless it has its own. Undefined: the route has none. */
export function accessOf(method: string, url: string): Access | undefined {
  return (
    ROUTE_ACCESS[`${method} ${url}`] ?? (method === 'HEAD' ? ROUTE_ACCESS[`GET ${url}`] : undefined)
  );
}

const passes = (access: Access, role: string): boolean =>
  access === 'admin' ? role === 'admin' : access === 'staff' ? isStaffRole(role as never) : true;

/**
 * Puts each route's rule in front of everything else it does: a caller who is not signed in gets
 * 401 and one whose role the rule does not admit 403, before the body is parsed or validated.
 * A route registered without a rule stops the start. Call after the rate limiter (its hook comes
 * first) and before registering the routes.
 */
export function registerAccessGate(
  app: FastifyInstance,
  requireCaller: (req: FastifyRequest) => Promise<{ user: { role: string } }>,
): void {
  const gates = new Map<Access, onRequestHookHandler>();
  const gateOf = (access: Access): onRequestHookHandler => {
    let gate = gates.get(access);
    if (!gate) {
      gate = async (req) => {
        const { user } = await requireCaller(req);
        if (!passes(access, user.role)) throw new AppError('forbidden', 'Not for this role');
      };
      gates.set(access, gate);
    }
    return gate;
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const rules = new Set(methods.map((m) => accessOf(m, route.url)));
    if (rules.has(undefined)) {
      throw new Error(
        `${methods.join(',')} ${route.url} has no access rule: add it to ROUTE_ACCESS (src/server/http/access.ts)`,
      );
    }
    if (rules.size > 1) throw new Error(`${route.url}: its methods need one access rule`);
    const access = [...rules][0]!;
    if (access === 'public') return;
    const gate = gateOf(access);
    const existing = route.onRequest
      ? Array.isArray(route.onRequest)
        ? route.onRequest
        : [route.onRequest]
      : [];
    // An older-service alias reuses its /v1 route's options, gate included.
    if (existing.includes(gate)) return;
    // After the rate limiter (registered before this), so a flood is counted before it is read.
    route.onRequest = [...existing, gate];
  });
}
