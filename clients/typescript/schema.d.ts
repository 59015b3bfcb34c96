// Generated from Chorus's /openapi.json by openapi-typescript: do not edit.
// Regenerate with `npm run client:generate`.

export interface paths {
    "/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Validate the key and echo its workspace */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me/limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Credits, billing mode, connected accounts and rate limits
         * @description Read before planning a batch. Values are the ones in force for this workspace.
         */
        get: operations["getLimits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me/agent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set this agent's display nickname
         * @description Changes only the display nickname of the calling key, never permissions or other agents. 403 when the owner locked it.
         */
        patch: operations["updateAgentNickname"];
        trace?: never;
    };
    "/v1/account/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export everything the workspace holds
         * @description Profiles, social accounts, posts and the audit log. Never contains tokens, key hashes or secrets.
         */
        get: operations["exportAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Security events, newest first (up to 100) */
        get: operations["listAuditEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/email-preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read email preferences */
        get: operations["getEmailPreferences"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change email preferences; only sent fields change */
        patch: operations["updateEmailPreferences"];
        trace?: never;
    };
    "/v1/profiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List profiles, newest first
         * @description An agent limited to some profiles lists only those.
         */
        get: operations["listProfiles"];
        put?: never;
        /** Create a profile */
        post: operations["createProfile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/profiles/{id}/queue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A profile's posting queue: weekly slots in one time zone */
        get: operations["getQueue"];
        /**
         * Set a profile's posting queue
         * @description Replaces the slots, zone and pause together. Posts already queued keep their scheduled time whatever changes: removing a slot or pausing never moves or cancels them (PATCH or DELETE /v1/posts/{id} does). `POST /v1/posts` with `queue: true` then takes the next free slot.
         */
        put: operations["putQueue"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/profiles/{id}/queue/next": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Preview the next free slots of a profile's queue
         * @description The instants the next `count` posts sent with `queue: true` would take now, skipping slots other queued posts hold. Also answered while the queue is paused (`paused: true`).
         */
        get: operations["nextQueueSlots"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/series": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recurring series, newest first */
        get: operations["listSeries"];
        put?: never;
        /**
         * Recycle posts through a profile's queue (an evergreen series)
         * @description Makes an `evergreen` series and its first copy at once (`nextPost`). Recurring series are made by POST /v1/posts with `recurrence`. Each copy is sent, charged and reported (post.* events) like any scheduled post; it copies its post's content and accounts at that turn.
         */
        post: operations["createSeries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/series/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One recurring series, with its next times */
        get: operations["getSeries"];
        put?: never;
        post?: never;
        /**
         * Cancel a series: no further occurrence
         * @description The occurrence waiting to be sent is cancelled (as DELETE /v1/posts/{id} would); occurrences already sent stay. A cancelled series stays readable. Cancelling twice is 409 `series_state_invalid`.
         */
        delete: operations["cancelSeries"];
        options?: never;
        head?: never;
        /**
         * Edit every future occurrence: content, rule or zone
         * @description Changes the occurrences not sent yet, the one already made and waiting included (its time stays; move it with PATCH /v1/posts/{id}); sent occurrences keep what they were sent with. Content is checked against every account of the series as a scheduled post's edit is and refused whole on the first blocking problem; `platformOptions` merge per network. Under an approval rule new content waits for a person again: the waiting occurrence goes back to `pending_approval` (and a paused series is refused: resume it first).
         */
        patch: operations["editSeries"];
        trace?: never;
    };
    "/v1/series/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause a series
         * @description No occurrence is made or sent while paused; the one waiting is cancelled. Only an active series is paused (409 `series_state_invalid` otherwise).
         */
        post: operations["pauseSeries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/series/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a paused series
         * @description Times that passed while paused are skipped, never sent late (they still count toward COUNT); the next occurrence after now is made at once (`nextPost`).
         */
        post: operations["resumeSeries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platforms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Capabilities of every network
         * @description Public, no key. Per network: the character limit and how it is counted (`characters`: Unicode code points; `weighted`: X's rules, where URLs count 23 and CJK and emoji count 2; `graphemes`: user-perceived characters, as Bluesky counts; `bytes`: UTF-8 bytes), media rules (required, video only, maximum images, formats, sizes, pixel bounds, aspect ratios, durations), whether publishing is asynchronous (ends in `processing` and is finished by polling), which reads, engagement actions, comment moderation and messaging work (derived from what Chorus's adapter for the network implements), the network's own rate limits, every `platformOptions` field with its type and valid values, and `publishing`: whether a first comment is posted and what it may carry (text limit, media), the thread chain's limits (items, and each item's text and media limits), and what PATCH /v1/posts/{id} can change once the post is live.
         */
        get: operations["listPlatforms"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platforms/{platform}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Capabilities of one network
         * @description Public, no key. Per network: the character limit and how it is counted (`characters`: Unicode code points; `weighted`: X's rules, where URLs count 23 and CJK and emoji count 2; `graphemes`: user-perceived characters, as Bluesky counts; `bytes`: UTF-8 bytes), media rules (required, video only, maximum images, formats, sizes, pixel bounds, aspect ratios, durations), whether publishing is asynchronous (ends in `processing` and is finished by polling), which reads, engagement actions, comment moderation and messaging work (derived from what Chorus's adapter for the network implements), the network's own rate limits, every `platformOptions` field with its type and valid values, and `publishing`: whether a first comment is posted and what it may carry (text limit, media), the thread chain's limits (items, and each item's text and media limits), and what PATCH /v1/posts/{id} can change once the post is live.
         */
        get: operations["getPlatform"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/social-accounts/connect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Connect an account (Bluesky app password; any network by handle with a test key)
         * @description Bluesky connects with `handle` and `appPassword`, checked at the network: a wrong password is a 400 on `appPassword` and nothing is stored. With a test key, every network connects by `handle` alone: the sandbox creates that account and the connection goes through the simulated network's own OAuth endpoints. With a live key, networks that need a person at a consent screen answer `connect_link_required` with the link to open. Connecting an account that is already connected renews it and keeps its id.
         */
        post: operations["connectSocialAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/social-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List connected accounts, newest first */
        get: operations["listSocialAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/social-accounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One account; use it to check that it is still connected */
        get: operations["getSocialAccount"];
        put?: never;
        post?: never;
        /** Disconnect an account, revoking the grant at the network where it can */
        delete: operations["disconnectSocialAccount"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/social-accounts/{id}/targets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Destinations inside an account: pages, boards, locations, organisations
         * @description Read live from the network: Facebook pages, Pinterest boards, Google Business locations and the LinkedIn organisations the member administers. Networks where the account is itself the destination (X, Bluesky, TikTok, YouTube, Threads, Instagram) answer an empty list without calling the network.
         */
        get: operations["listAccountTargets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/social-accounts/{id}/publish-info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live creator-level constraints (TikTok)
         * @description TikTok asks apps to read these before every post: the privacy levels offered to this creator, whether comments, duets and stitches are switched off, and the longest video allowed. Other networks have no such constraints and answer 404 `publish_info_unsupported`.
         */
        get: operations["getAccountPublishInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/social-accounts/{id}/allowance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Posts left in the network's own rolling window
         * @description Instagram and Threads report the count themselves and it is read live (`source: network`). TikTok documents a per-creator window but has no endpoint for it: the documented limit is answered with Chorus's own count (`source: documented`). Other networks publish no per-account posting window and answer 400 `capability_unsupported`.
         */
        get: operations["getAccountAllowance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/social-accounts/{id}/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the account's display name, bio, avatar or banner on the network
         * @description Only the fields sent change. Images are public https URLs that Chorus downloads and uploads for you (at most 3 https redirects, 10 seconds; a private, local or unreachable address, or an error status, answers 400 `url_unreachable`, the same for every cause). Networks that do not allow profile edits through their API (every network but Bluesky today) answer 400 `capability_unsupported` naming the network.
         */
        patch: operations["updateAccountProfile"];
        trace?: never;
    };
    "/v1/social-accounts/{id}/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Subscribe the account itself to the network's webhooks
         * @description Facebook delivers nothing for a page that has not installed the app, even when the app is subscribed: this installs it on every page the person manages. Instagram is subscribed through its page (Facebook login) or itself (Instagram login). `fields` are the network's webhook field names (default `feed`, `mention`, `messages`; Instagram's own door uses `comments`, `mentions`, `messages`); a field the network does not have is its 422 refusal. Threads (webhooks configured on the app alone) and the networks that push nothing (their comments, mentions and messages are polled) answer 400 `capability_unsupported` saying so. Comments, mentions and messages then arrive as `comment.received`, `mention.received` and `message.received`.
         */
        post: operations["subscribeAccountWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/social-accounts/{id}/ad-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Ad accounts the channel can use
         * @description Facebook, Pinterest, and Instagram connected through Facebook login (the Instagram-login door answers `photo_page_door_required`). Other networks answer 400 `capability_unsupported`.
         */
        get: operations["listAccountAdAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/social-accounts/{id}/branded-partners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Branded-content partners approved to tag the account
         * @description Creators a brand approved to tag it, or brands a creator approved. Instagram only, and only on an account connected through Facebook login; the Instagram-login door answers `photo_page_door_required` with the connect link to use.
         */
        get: operations["listAccountBrandedPartners"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/social-accounts/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Scheduled events on the channel (YouTube upcoming broadcasts)
         * @description Other networks answer 400 `capability_unsupported`.
         */
        get: operations["listAccountEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Networks that use your own app
         * @description Client ids and dates only; secrets are write-only.
         */
        get: operations["listCredentials"];
        put?: never;
        /**
         * Use your own network app for connections (bring your own app)
         * @description From now on, connecting an account on this network (connect links, and test-key connects on the sandbox) goes through your app: the consent screen shows its name and tokens are issued to it. Sending a network again replaces its credentials. Register `<this server>/connect/callback/<platform>` as the redirect URI in your app. Accounts connected through another app keep their tokens but cannot renew them with this one: they turn `needs_reauth` when their tokens next need renewing. Recorded in the audit log as `credentials.changed`.
         */
        post: operations["saveCredentials"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/credentials/{platform}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Stop using your own app for a network
         * @description New connections use the server's app again. Recorded in the audit log as `credentials.changed`.
         */
        delete: operations["deleteCredentials"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/connect-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a link straight to one network's door
         * @description With `platform` (and for Instagram `variant`), the link skips the list and opens that network's consent screen; error fixes that ask for a reconnection through a particular door point here. Without `platform`, the same link as POST. The link works for 15 minutes and for any number of networks until then. It connects into this workspace in the key's mode: a test key's link connects sandbox accounts (the simulated consent screens are served by this server), a live key's the real networks. Each connection records an `account.connected` event. Minting a link stores nothing.
         */
        get: operations["getConnectLink"];
        put?: never;
        /**
         * Create a link to the hosted connect page
         * @description A person opens the link in a browser, picks a network and approves Chorus at its consent screen (Bluesky: handle and app password); the API cannot give that consent itself. The link works for 15 minutes and for any number of networks until then. It connects into this workspace in the key's mode: a test key's link connects sandbox accounts (the simulated consent screens are served by this server), a live key's the real networks. Each connection records an `account.connected` event. Minting a link stores nothing.
         */
        post: operations["createConnectLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/media/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a large upload sent in parts (video up to 5 GB)
         * @description Answers the part size and one URL per part. PUT each part's bytes (application/octet-stream) to its URL with the API key, in any order; GET the session to see which parts arrived and resend the others after a dropped connection; then POST .../complete. The completed file gets the checks of POST /v1/media (format read from the bytes and compared with `contentType`, pixel ceiling) and becomes a normal media record. Unfinished sessions expire after 24 hours.
         */
        post: operations["createMediaUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/media/uploads/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An upload session and the parts received so far */
        get: operations["getMediaUpload"];
        put?: never;
        post?: never;
        /** Abort an unfinished upload session; its parts are removed */
        delete: operations["abortMediaUpload"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/media/uploads/{id}/parts/{number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Send one part of an upload session (raw bytes)
         * @description The body is the part's bytes: exactly `partSize` of them, the last part the rest of `size`. Sending a part again replaces it. Streamed to storage, never held whole.
         */
        put: operations["putMediaUploadPart"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/media/uploads/{id}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Join the parts and check the file; answers the media record
         * @description Refused with 409 `upload_incomplete` (naming the missing parts) until every part is in. A file that fails the checks is removed with its session (400, as POST /v1/media). Completing a completed session answers its media record again.
         */
        post: operations["completeMediaUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/media": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The media library: uploaded files, newest first
         * @description Retention: files are kept until deleted (DELETE /v1/media/{id}); `expiresAt` is null. `unused=true` lists the files no post uses.
         */
        get: operations["listMedia"];
        put?: never;
        /**
         * Upload an image or a video (raw body), or import one by URL, for use in posts
         * @description To import a file another server hosts, send JSON `{ "url": "https://…" }`: Chorus fetches it through its outbound guard (https only; private, loopback, link-local and metadata addresses refused, after DNS and at each of at most 3 redirects; at most 512 MB and 5 minutes) and streams it to storage. Every failure to fetch is 400 `url_unreachable`, with one message whatever the cause. The server's Content-Type is not trusted: the format is read from the first bytes, and the checks below apply as for an upload. Otherwise send the file's bytes as the body with its type as Content-Type. The format, pixel size and (video) duration are read from the bytes: JPEG, PNG, WebP and GIF images, MP4 and MOV video, PDF, DOCX and PPTX documents (for LinkedIn document posts; `kind: document`, width and height 0). A DOCX or PPTX is a ZIP archive: it is told apart by the parts its directory names, and one that would expand more than 200 times over or past 1 GB, whose parts overlap, that is encrypted or that names neither document is 400 `media_type_unsupported` (nothing is decompressed to find out). A Content-Type that names another format than the bytes are is 400 `media_type_mismatch`; a file that is none of these formats, or whose header cannot be read, is 400 `media_type_unsupported`; a file whose bytes end before what its header claims (a PNG without IDAT and IEND, a JPEG without scan data and end marker, a WebP shorter than its RIFF length, a GIF without trailer, a video without `moov` or with a box past the end) is 400 `media_corrupt`; a picture over 16,384 pixels a side or 36,152,320 in all, more than any network takes, is 400 `media_dimensions_too_large`; over the limit is 400 `body_too_large` (refused from Content-Length before the upload is read when it is sent). A refused upload stores nothing. Networks that fetch media themselves get a signed, expiring URL to the file when a post is published.
         */
        post: operations["uploadMedia"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/media/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One uploaded file's record, the posts that use it and its variants */
        get: operations["getMedia"];
        put?: never;
        post?: never;
        /**
         * Delete an uploaded file; its signed URLs stop working at once
         * @description Refused with 409 `media_in_use` while a scheduled post, or one still being sent or processed, uses the file.
         */
        delete: operations["deleteMedia"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/social-accounts/{id}/fault": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Make a sandbox account misbehave like its network can
         * @description Test keys only (live keys get 400 `sandbox_only`). The simulated network answers the account's calls with its own real error bodies, so every error path of your integration can be exercised: expired tokens, withdrawn permissions, throttling, outages and slowness.
         */
        put: operations["setSandboxFault"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/social-accounts/{id}/inbound": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a sandbox network send a comment, mention or message to the account
         * @description Test keys only (live keys get 400 `sandbox_only`). A simulated person comments on, mentions or messages one of your sandbox accounts; the simulated network keeps it and tells Chorus the way the real one would (Facebook, Instagram and Threads send a signed Meta webhook to the same handler as `/webhooks/meta`, a comment being the network's own comment on the account's latest post. On X, Bluesky, YouTube and LinkedIn a comment or mention is written into the simulated network as a real person's reply, mention post or comment thread, and Chorus runs the account's inbox poll at once, which records the event exactly as the scheduled poll would: the first poll of an account only sets its baseline, taken before the item is created so the item is news. A comment's returned `id` is the network's own, so you can reply to it, hide it, delete it (Threads: hide only, as the network allows) or list it among the post's comments; a comment needs a post published through Chorus on the account, 404 `resource_not_found` otherwise), so `comment.received`, `mention.received` or `message.received` reaches your webhook endpoints and you can test your handler end to end before going live. Like the real networks, Facebook and Instagram deliver only to accounts subscribed to the field: call POST /v1/social-accounts/{id}/webhook first (409 `webhook_not_subscribed` otherwise).
         */
        post: operations["sendSandboxInbound"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/social-accounts/{id}/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a simulated person like, reply to, mention, follow, repost, quote or review a sandbox account
         * @description Test keys only (live keys get 400 `sandbox_only`). Another person on the simulated network acts on the account through the network's own records, so the account's notifications (GET /v1/notifications) show it as the real network would. Bluesky and X sandbox accounts; Threads sandbox accounts take `mention` (a thread naming the account), Facebook ones `mention` (a post tagging the account's first page) and Instagram ones `mention` (a post naming and tagging the account); on YouTube, Facebook, Instagram, Threads and LinkedIn sandbox accounts `reply` is a comment on the post (on Threads and LinkedIn also an answer to a comment: name the comment's id in `post`), read by GET /v1/posts/{id}/comments; on Google Business sandbox accounts `review` leaves a review (`rating` 1 to 5) on the location named in `target`, and on Facebook sandbox accounts a recommendation (`rating` `positive` or `negative`) of the page named in `target`, read by GET /v1/social-accounts/{id}/reviews; other networks and actions answer `capability_unsupported`.
         */
        post: operations["simulateSandboxActivity"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/posts/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Dry run: exactly the checks publishing runs, per target, without touching a network (free) */
        post: operations["validatePost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Posts made through Chorus, most recent first */
        get: operations["listPosts"];
        put?: never;
        /**
         * Publish now, schedule, or save a draft
         * @description Always 201 when the request itself is valid, whatever happened per target: read `state` and `targets`. Targets that fail a pre-publish check are stored `failed` with that code and nothing is sent to their network; the others are sent in parallel. One credit per published target, and one per published item of a `thread` chain; a failed target or item is not charged. Out of credits or a network the plan excludes is 402 before anything is sent.
         */
        post: operations["createPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/posts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One post with its targets */
        get: operations["getPost"];
        put?: never;
        post?: never;
        /**
         * Delete a draft or cancel a scheduled post
         * @description A scheduled post is cancelled (`cancelled: true`) and a delivery that arrives later does nothing; a draft is deleted. Other states: 409 `post_state_invalid`.
         */
        delete: operations["deletePost"];
        options?: never;
        head?: never;
        /**
         * Edit a draft, move a scheduled post, or edit a published post where its networks allow
         * @description Drafts and scheduled posts: destinations stay fixed; media and options are checked again; `platformOptions` are merged per network so patching one field keeps the others.
         *
         *     Published and partial posts: `text`, `textOverrides` and `platformOptions` change on each live target whose network can change them (Facebook page post text; LinkedIn commentary; YouTube description, `title`, `tags`, `privacyStatus`; Pinterest description, `title`, `link`, `altText`, `boardId`; Google Business summary; GET /v1/platforms lists them per network under `publishing.editable`). X and Threads refuse with `edit_unsupported`: X's edit publishes a new post id, only within 30 minutes and for subscribed accounts, and Threads has no edit endpoint. A network that cannot change a field answers `failed` with `edit_unsupported` for that target (delete and post again); media, schedule and first comment never change after publishing (422 `edit_unsupported`). The answer carries `edit`, its outcome per target; GET /v1/posts/{id}/edits keeps every edit. One Idempotency-Key makes one edit, even when the request is retried after a crash. Other states: 409 `post_state_invalid`.
         */
        patch: operations["editPost"];
        trace?: never;
    };
    "/v1/posts/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish a draft, or a scheduled post ahead of its time, now
         * @description Runs the same checks and charges as POST /v1/posts and counts against postsPerMinute. No body. A scheduled post is sent now instead of at its time (its scheduled delivery then does nothing, and its queue slot is free again); other states: 409 `post_state_invalid`.
         */
        post: operations["publishDraft"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/posts/{id}/retract": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a published post from every network that allows it
         * @description For `published` and `partial` posts: every published target is deleted from its network at once, with a result per target. Networks that allow no deletion through their API (TikTok, Instagram) answer `unsupported` with `delete_unsupported` and stay published; a network failure answers `failed` and the target stays published, so retracting again retries only what is left. A deleted target becomes `retracted`; the post becomes `retracted` when no target is published any more. Nothing is charged or refunded. No body. Other states: 409 `post_state_invalid`.
         */
        post: operations["retractPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/approval-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether posts wait for a person's approval
         * @description The workspace's rule and the profiles that override it. An agent's grant can require approval too (`grant.requireApproval`, PATCH /v1/agents/{id}); that holds its posts whatever these say.
         */
        get: operations["getApprovalSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Require approval for the workspace or some profiles
         * @description Owner only (API key). A post created while a rule holds it (its profile's override, else the workspace's) is stored `pending_approval`: nothing is sent, scheduled or charged until POST /v1/posts/{id}/approve. Drafts never wait. Posts already stored keep their state.
         */
        patch: operations["updateApprovalSettings"];
        trace?: never;
    };
    "/v1/posts/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a post that waits: it publishes now, or is scheduled
         * @description Every waiting target is checked again first; the answer carries that check (`validation`). When a target no longer passes, the approval is refused with 409 `approval_validation_failed` naming each one, unless `force: true` (then those targets fail with their code and the others go). A post with a future `scheduledAt` becomes `scheduled` (credits are reserved when it is sent); one without, or whose `scheduledAt` passed while it waited, publishes now and credits are reserved now (402 `entitlement_exceeded` leaves it pending). Exactly once: of two concurrent approvals one succeeds and the other is 409 `post_state_invalid`. Owner only: agents cannot approve, including their own posts. Records `post.approved`.
         */
        post: operations["approvePost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/posts/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject a post that waits
         * @description The post becomes `rejected` and its targets `cancelled`; nothing was charged, so nothing is refunded. Owner only. Records `post.rejected` with the reason.
         */
        post: operations["rejectPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/posts/{id}/approval-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A signed link for a reviewer without a login
         * @description The page behind `url` shows the post, its targets and their checks, with Approve and Reject buttons (plain form posts, no script). Signed with the deployment's signing secret, valid 48 hours, and single use: its decision moves the post out of `pending_approval`, after which any link for the post only shows what was decided. No body.
         */
        post: operations["createApprovalLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/posts/{id}/edits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A published post's edits, newest first, each with its outcome per target */
        get: operations["listPostEdits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's webhook endpoints
         * @description Endpoints of the key's mode, newest first. Secrets are never listed.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Register a webhook endpoint
         * @description Each event the endpoint subscribes to is POSTed to it as JSON `{ id, type, createdAt, data }` with the headers `service-signature: t=<unix>,v1=<hex>` (HMAC-SHA256 of `<t>.<raw body>` keyed with the secret; one `v1` per active secret during a rotation), `service-event-id` (the same on every attempt: drop duplicates by it) and `service-delivery-attempt`. A 2xx within 10 s is success; redirects are not followed. Failed attempts are retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (eight attempts over about 27.5 hours), then the delivery is failed; an endpoint whose deliveries all failed for 3 days is disabled (event `webhook.disabled`, audit entry) until re-enabled with PATCH. Test keys register test endpoints, which receive the events of test-key changes; live keys live ones. A refused registration stores nothing.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One webhook endpoint */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Nothing more is sent to it, retries included; its delivery log goes with it.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Change an endpoint's URL or events, or disable or re-enable it
         * @description Fields sent are changed, with the same checks as registration. Re-enabling clears `failingSince`; deliveries that failed meanwhile can be sent again with POST /v1/webhooks/{id}/redeliver.
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every delivery attempt to an endpoint, newest first
         * @description Time, status, latency, the first kilobyte of the answer (status only from a loopback endpoint) and when the next retry runs. Kept 30 days.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a signed `webhook.test` event to this endpoint
         * @description Delivered like any event (signed, retried while the endpoint is enabled), whatever the endpoint subscribes to. Its first attempt goes out even while the endpoint is disabled, so a fix can be checked before re-enabling. The result shows in the delivery log.
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send one event to this endpoint again
         * @description Same event id, a new attempt. A delivery still being retried is left to its schedule.
         */
        post: operations["redeliverWebhookEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the endpoint's secret, with both signing during a window
         * @description Returns the new secret (shown this once). Until `previousSecretExpiresAt` each delivery's `service-signature` carries two `v1=` values, one per secret, so a receiver can switch to the new secret without rejecting a delivery.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's events, newest first
         * @description Every event recorded for the key's mode (test or live), whether or not an endpoint received it: the same envelope deliveries carry. Kept 30 days, with their delivery logs. An agent sees only the events of connected accounts within its grant: an account event (account.*) when its account is, a message, comment or mention when the account it reached is, a post event when every account the post goes to is. The workspace's own events (webhook.test, webhook.disabled) concern no brand or network, so only an agent granted every profile and every network sees them.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One event
         * @description An event outside an agent's grant is `resource_not_found`, as if it did not exist. An agent sees only the events of connected accounts within its grant: an account event (account.*) when its account is, a message, comment or mention when the account it reached is, a post event when every account the post goes to is. The workspace's own events (webhook.test, webhook.disabled) concern no brand or network, so only an agent granted every profile and every network sees them.
         */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * MCP endpoint (Streamable HTTP, JSON-RPC 2.0) for agents
         * @description Model Context Protocol (protocol revision 2025-11-25) over Streamable HTTP, for agents. Send JSON-RPC 2.0 messages (`initialize`, `tools/list`, `tools/call`, notifications) with `Authorization: Bearer <key>`; answers are `application/json`.
         *
         *     Agents authorise with OAuth 2.1 instead of a key (MCP authorization): a 401 names `resource_metadata` (`/.well-known/oauth-protected-resource/v1/mcp`), whose authorization server (`/.well-known/oauth-authorization-server`) offers dynamic client registration (`POST /oauth/register`) or, instead, a Client ID Metadata Document (`client_id_metadata_document_supported`: the `client_id` is the https URL of a JSON document naming that same URL as `client_id`, a `client_name` and the `redirect_uris`; it is read on the consent page for the signed-in owner, cached for up to 10 minutes per its Cache-Control, and its host is shown to the owner), the authorization code with PKCE S256 only (`GET /oauth/authorize`, answered by the workspace owner on a consent page), one-hour access tokens with rotating refresh tokens (`POST /oauth/token`) and revocation (`POST /oauth/revoke`). The owner's grant bounds every call: brands, networks, actions, credits per day and purchased credits; a call outside it is refused with an `agent_grant_*` code. The server is stateless: no `Mcp-Session-Id`; GET (no server-sent stream is offered) and DELETE answer 405 `method_not_allowed` with `Allow: POST`.
         *
         *     Tools run the same domain functions as the REST operations they name and count against the same limits: every call against `apiPerMinute`, `create_post` and `publish_draft` also against `postsPerMinute`. Each tool publishes a JSON Schema input and output schema; a refused call returns `isError: true` with the REST error envelope (`code`, `param`, `fix`, `retryable`) as structured content. Malformed messages get JSON-RPC errors: -32700 (not JSON), -32600 (not a JSON-RPC 2.0 message), -32601 (unknown method), -32602 (invalid params, unknown tool).
         *
         *     Tools: `whoami` (The workspace and key this connection acts for, as GET /v1/me.); `get_limits` (Credits, billing mode, connected accounts and the rate limits in force (GET /v1/me/limits).); `list_platforms` (Every network's capability record (GET /v1/platforms): text limits and how they are counted, media rules, asynchronous publishing, supported reads and actions, and each `platformOptions` field with its valid values.); `list_social_accounts` (Connected social accounts, newest first (GET /v1/social-accounts).); `get_social_account` (One account by its `acc_` id (GET /v1/social-accounts/{id}); `status` says whether it can still publish.); `upload_media` (Stores an image, video or document for posts (like POST /v1/media) from an https `url` or inline `base64`; send exactly one.); `list_media` (The media library, newest first (GET /v1/media): filter by `type`, upload time, the post that uses a file (`usedBy`), or `unused`.); `get_media` (One media record (GET /v1/media/{id}) with `usedBy` (the posts that use it, and whether each still needs it) and `variants` (copies autoFix derived for networks).); `delete_media` (Deletes a media record and its file (DELETE /v1/media/{id}); its signed URLs stop working at once.); `create_media_upload` (Starts an upload session (POST /v1/media/uploads) for a file too large for `upload_media` (video up to 5 GB).); `get_media_upload` (The session and the parts received so far (GET /v1/media/uploads/{id}): resend the parts missing from `received` after a dropped connection.); `complete_media_upload` (Joins the parts into one file, checks it as `upload_media` does (format read from the bytes, pixel ceiling) and answers the media record (POST /v1/media/uploads/{id}/complete).); `abort_media_upload` (Drops an unfinished session and the parts stored for it (DELETE /v1/media/uploads/{id}).); `list_posts` (Posts made through Chorus, most recent first (GET /v1/posts), optionally only those in one state.); `get_post` (One post with a result per target (GET /v1/posts/{id}): state, network post ids and URLs, errors.); `validate_post` (Dry run of `create_post` (POST /v1/posts/validate): exactly the checks publishing runs, per target, with blocking errors and warnings.); `create_post` (POST /v1/posts: publishes now, at `scheduledAt`, at the next free slot of the profile's queue (`queue: true`), as the first occurrence of a recurring series (`recurrence`: an RRULE, with `scheduledAt` and `timezone`; manage it with the *_series tools), or stores a draft (`draft: true`) for the accounts named by `profile` and/or `accounts`.); `publish_draft` (POST /v1/posts/{id}/publish: runs the same checks and charges as `create_post`; counts against postsPerMinute.); `update_post` (PATCH /v1/posts/{id}: `changes` holds only the fields to change; destinations stay fixed.); `cancel_post` (DELETE /v1/posts/{id}: a scheduled post is cancelled (a delivery that arrives later does nothing) and the credits it took from an agent's daily allowance come back, a draft is deleted.); `retract_post` (POST /v1/posts/{id}/retract: deletes every published target from its network, with a result per target.); `get_queue` (GET /v1/profiles/{id}/queue: the weekly slots, their IANA zone and whether the queue is paused.); `set_queue` (PUT /v1/profiles/{id}/queue: replaces the weekly slots (`{ day: "mon", time: "09:30" }`), the zone and `paused`.); `next_queue_slots` (GET /v1/profiles/{id}/queue/next: where the next `count` posts sent with `create_post` and `queue: true` would go now.); `create_evergreen_series` (POST /v1/series with `evergreen`: the posts are copied in turn, one at a time, each copy taking the next free slot of the profile's queue once the one before was sent; until paused or cancelled.); `list_series` (GET /v1/series: recurring series, newest first, optionally by `state` (active, paused, ended, cancelled).); `get_series` (GET /v1/series/{id}: its rule, zone, content, state, the occurrence waiting to be sent (`nextPost`) and the next five times.); `update_series` (PATCH /v1/series/{id}: new content, rule (`recurrence`) or zone for every occurrence not sent yet; sent ones keep theirs.); `pause_series` (POST /v1/series/{id}/pause: nothing is made or sent while paused; the occurrence waiting is cancelled.); `resume_series` (POST /v1/series/{id}/resume: times missed while paused are skipped; the next occurrence after now is made at once.); `cancel_series` (DELETE /v1/series/{id}: no further occurrence; the one waiting is cancelled, sent ones stay.); `approve_post` (POST /v1/posts/{id}/approve: re-checks every waiting target, then publishes now or schedules it at its `scheduledAt`.); `reject_post` (POST /v1/posts/{id}/reject: the post becomes `rejected`, its targets `cancelled`; nothing was charged.); `get_post_analytics` (Per target of a post (GET /v1/posts/{id}/analytics): normalised metrics (null where the network publishes none), the network's own names and values, `fetchedAt`.); `get_analytics` (Totals per account and per network over `period` (GET /v1/analytics): followers and their change where the network gives it, a daily series where it gives one.); `list_notifications` (Likes, replies, mentions, follows, reposts and quotes of every connected account (or of `account`), newest first (GET /v1/notifications).); `list_comments` (The comments on every published target of one of your posts, newest first, across networks (GET /v1/posts/{id}/comments).); `reply_to_comment` (Posts `text` as the account's answer to a comment (POST /v1/comments/{id}/replies).); `list_messages` (The messages of one conversation, newest first (GET /v1/conversations/{id}/messages); `id` is a conversation `id` from `list_conversations`.); `mark_notifications_seen` (Tells the network of `account` that its notifications up to now have been seen, where it keeps that state (POST /v1/notifications/seen).); `hide_comment` (Hides a comment under one of the account's posts, or shows it again with `hidden: false` (POST /v1/comments/{id}/hide).); `delete_comment` (Deletes a comment for good (DELETE /v1/comments/{id}); an error means it is still there.); `list_reviews` (The reviews of one Google Business location or Facebook page the account manages, newest first, with rating, text, reviewer and your answer (GET /v1/social-accounts/{id}/reviews).); `reply_to_review` (Posts `text` as the business's answer to a review from `list_reviews` (POST /v1/comments/{id}/replies with a review id).); `list_conversations` (Direct-message conversations of every connected account (or of `account`), most recently active first (GET /v1/conversations): Facebook pages, Instagram, X and Bluesky chat.); `send_message` (Sends `text` (and `media` ids from `upload_media` where the network takes files) in a conversation as its account (POST /v1/conversations/{id}/messages).); `engage` (One account acts on a post or a person on its network (POST /v1/engagements).); `discover_posts` (One search on every connected account whose network has post search, or on `account` (GET /v1/discover/posts), merged by time.); `get_public_profile` (A person's public profile on the network of `account` (GET /v1/discover/profiles/{handle}): name, bio, counts where the network gives them.); `list_profile_posts` (A person's recent public posts, read through `account` (GET /v1/discover/profiles/{handle}/posts).); `discover_creators` (Creators matching `q` and `countries`, through a Facebook page or an Instagram account connected through Facebook Login (GET /v1/discover/creators).); `list_account_posts` (The connected account's posts as its network lists them, including those not made through Chorus (GET /v1/social-accounts/{id}/posts).); `list_followers` (Who follows the connected account, where its network lists them (GET /v1/social-accounts/{id}/followers); otherwise a `problems` entry.); `list_following` (Whom the connected account follows, where its network lists them (GET /v1/social-accounts/{id}/following).); `list_events` (Events of the last 30 days, newest first (GET /v1/events): `post.published`, `comment.received`, `message.received`… with the data a webhook delivery carries.); `get_event` (One event by its `evt_` id (GET /v1/events/{id}), as webhooks deliver it.); `list_webhooks` (The workspace's webhook endpoints with their events and state (GET /v1/webhooks); never their secrets.); `get_webhook` (One endpoint by its `whk_` id (GET /v1/webhooks/{id}).); `list_webhook_deliveries` (Every delivery attempt to one endpoint, newest first (GET /v1/webhooks/{id}/deliveries): time, status, latency, next retry.).
         */
        post: operations["mcp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/app-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a sign-in link to the dashboard
         * @description Mints a link that opens a dashboard session in a browser: accounts, posts, the publishing calendar, API keys and the audit log of this workspace. The link works once and for 5 minutes; the session it opens shows the key's mode (a test key's session shows test data only; a live key's can switch to test data), ends after 30 minutes idle or 12 hours, and can be signed out. Only a hash of the link is stored. Operators without a key run `npm run chorus -- app-link --workspace ws_…`.
         */
        post: operations["createAppLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Notifications across networks, newest first
         * @description Likes, replies, mentions, follows, reposts and quotes of every connected account (or of `account`), merged newest first. Each network is read in parallel with its own timeout; a network that timed out, failed, needs reauthorising or has no notifications at all is a `problems` entry, and the others still answer. The cursor holds one position per network. What each network's API lets Chorus read: Bluesky, all six kinds; X, mentions and replies; Threads, mentions (its mentions edge); Facebook, `mentions` (posts tagging the account's pages, `/tagged`); Instagram connected through Facebook Login, `mentions` (media tagging the account, its `tags` edge; on the Instagram-login door it is a `problems` entry, and @-mentions reach apps only as webhooks); YouTube, which has no notifications API, `replies`: other people's comments on the channel's videos (commentThreads.list by channel, top-level comments only). LinkedIn company pages the member administers (ADMINISTRATOR role, `rw_organization_admin`): `replies` (comments on the page's posts), `reposts` and `quotes` (reshares, with text of their own for quotes) and `mentions` (posts naming the page), through the organizationalEntityNotifications finder, 60 days back; likes are left out because LinkedIn does not name who liked. A personal LinkedIn profile has no notifications API and, like Pinterest, TikTok and Google Business, which offer no readable feed (Meta pushes its other kinds as webhooks only), is a `problems` entry (`capability_unsupported`).
         */
        get: operations["listNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/notifications/seen": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark notifications seen
         * @description Marks every notification up to now as seen on the networks that keep that state (Bluesky); the others are listed in `skipped` with the reason.
         */
        post: operations["markNotificationsSeen"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/posts/{id}/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Analytics of one post, per target
         * @description Per target: the normalised metrics (null where the network publishes none), the network's own names and values beside them, and `fetchedAt`. A target that is not published (`target_not_published`), a network without post insights (`capability_unsupported`), a connection to renew or a network failure is reported in the target's `problem`, never as zeros. Results are kept with their `fetchedAt`: asking again within an hour answers from the cache and spends none of the networks' quotas. `refresh=true` reads the networks again, except for results younger than the network's `analytics.minRefreshSeconds` (GET /v1/platforms), which still answer from the cache. The network's own metric names behind each normalised metric are in GET /v1/platforms under `analytics.metrics`.
         */
        get: operations["getPostAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Analytics across accounts and networks over a period
         * @description Totals per account and per network over `period` (whole UTC days ending today), followers now and their change where the network gives it, and a daily series where it gives one. Networks are read in parallel, each with its own timeout; a network that cannot be read (no account insights, a connection to renew, a timeout) is a `problems` entry and the others still answer. Results are kept with their `fetchedAt`: asking again within an hour answers from the cache and spends none of the networks' quotas. `refresh=true` reads the networks again, except for results younger than the network's `analytics.minRefreshSeconds` (GET /v1/platforms), which still answer from the cache. The network's own metric names behind each normalised metric are in GET /v1/platforms under `analytics.metrics`.
         */
        get: operations["getAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Direct-message conversations across networks
         * @description The direct-message conversations of every connected account (or of `account`), the most recently active first: Facebook pages (Messenger), Instagram, X and Bluesky chat. Each network is read in parallel with its own timeout; a network without direct messages (`capability_unsupported`), one that timed out or failed, or an account to reconnect is a `problems` entry, and the others still answer. `replyBy` says until when Meta accepts a reply. `unread` is null where the network does not say (Instagram accounts connected through Instagram login: its Conversations API has no unread count). Conversation ids are Chorus's (`cnv_…`): they carry the account, and are 404 in any other workspace.
         */
        get: operations["listConversations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conversations/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The messages of one conversation, newest first
         * @description Read live from the network. Instagram gives only the newest 20 messages of a conversation (older ones have no sender, text or time there), so an Instagram conversation's list ends after 20 messages: `cursor` is null then, though older messages exist. A connection to renew is 409 `needs_reauth`; a network that refuses or fails answers its error (this is no cross-network read, so there is no `problems`).
         */
        get: operations["listConversationMessages"];
        put?: never;
        /**
         * Reply in a conversation
         * @description Sends `text` (and `media` from the media library, where the network takes files) in the conversation, as its account. Facebook and Instagram accept a standard reply until 24 hours after the person's last message (`replyBy`); a reply a person wrote may set `humanAgent: true` (Meta's HUMAN_AGENT tag), which allows 7 days. Automated replies must never set it. Past the window the answer is 422 `page_reply_window_closed` (Facebook) or `photo_reply_window_closed` (Instagram); nothing was sent. X and Bluesky have no window. Use an `Idempotency-Key` to retry without sending twice.
         */
        post: operations["sendConversationMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/engagements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Like, repost, follow, block, mute, bookmark or save, and undo
         * @description One account acts on a post or a person on its network. Free: engaging never spends credits. The action must be one the account's network offers through its API (GET /v1/platforms lists each network's `engagements`); any other is refused with 400 `action_unsupported`, whose `fix` names the actions that network has (X removed likes and follows from self-serve API access on 2026-04-20 and blocks in 2023; Threads and LinkedIn repost but document no undo of a repost; Pinterest's one action is `save`, into the board named by `options.board`; Instagram, Facebook, TikTok and Google Business offer none). A target that is not a post (or person) of that network is 400 with `param: "target"`; one that does not exist there is 404 `engagement_target_not_found`. Actions are idempotent: liking a liked post, or unliking one never liked, answers 200 and changes nothing.
         */
        post: operations["createEngagement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/social-accounts/{id}/posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's posts, read live from the network
         * @description Newest first, including posts made outside Chorus; each carries its Chorus `post_` id when Chorus published it. Differs from GET /v1/posts, which lists what Chorus published. What each network lists: a Facebook account's pages' posts (every page it manages, merged); Instagram's feed media and reels (not stories); Threads' own threads (not replies); TikTok's public videos that passed moderation (not drafts or private videos); Pinterest's Pins (`pin`, or `repin` for saves of others' Pins); a LinkedIn connection's company pages' posts (a member's own posts need a permission LinkedIn grants only to partners, so a member without a company page answers a `problems` entry `capability_unsupported`); a Google Business Profile's local posts on every location (not those Google rejected). Networks without the read (GET /v1/platforms: `posts` in `reads`), a connection to renew, or a network that failed or timed out answer 200 with a `problems` entry, never a silent empty list.
         */
        get: operations["listAccountPosts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/social-accounts/{id}/followers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * People who follow the account
         * @description Social actors in the network's own order (newest follower first where it keeps one). Networks whose API has no followers list (Facebook, Instagram, Threads, TikTok, LinkedIn, Google Business: counts only) answer a `problems` entry `capability_unsupported`.
         */
        get: operations["listAccountFollowers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/social-accounts/{id}/following": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * People the account follows
         * @description Social actors in the network's own order. Networks without the read answer a `problems` entry `capability_unsupported`.
         */
        get: operations["listAccountFollowing"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/social-accounts/{id}/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Reviews of a location or page the account manages
         * @description Newest first: Google Business Profile reviews (one to five stars) of a location, and Facebook recommendations (positive or negative) of a page, each with its text, reviewer and your answer. Name the location or page in `target` (an id of GET /v1/social-accounts/{id}/targets) when the account manages more than one. A review's `id` works with POST /v1/comments/{id}/replies (answers it; Google keeps one answer per review, so a second call replaces it) and DELETE /v1/comments/{id} (deletes your answer; no network lets a business delete a review), with the review's `account` in the body. Networks without reviews (`reviews` missing from `reads` in GET /v1/platforms) answer 400 `reviews_unsupported`. Like the other reads of one account, what the network did not answer is a `problems` entry on a 200 with empty `items`, whether it failed while checking the account's locations or pages or while reading the reviews: `needs_reauth` or `missing_scope` (reconnect the account; retrying does not help), `rate_limited` or `platform_unavailable` with `retryable: true` (send the same request again; the cursor is kept).
         */
        get: operations["listAccountReviews"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/posts/{id}/comments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Comments on a post, across its networks
         * @description The comments on every published target of one of your posts, newest first, merged across networks. Targets that failed or were never sent are not read. Each network is read in parallel with its own timeout; a network without comments (`capability_unsupported`), a connection to renew (`needs_reauth`) or a timeout is a `problems` entry and the others still answer. With `nested=true` each comment carries its thread in `replies`, as deep as the network goes (`comments.nested` in GET /v1/platforms). Another workspace's post is 404.
         */
        get: operations["listPostComments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/comments/{id}/hide": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hide or unhide a comment
         * @description Hides a comment on one of the account's posts (`hidden: false` shows it again). `{id}` is the network's own comment id as listed by GET /v1/posts/{id}/comments, percent-encoded (Bluesky ids are `at://` URIs). A network that cannot hide comments answers 400 `comment_hide_unsupported`; an error means the comment is still visible. On Bluesky a hidden reply goes into the `hiddenReplies` of the thread's threadgate (its reply rules are kept; hiding twice, or showing a reply that is not hidden, changes nothing): only replies in threads the account started can be hidden (422 `comment_thread_not_own` otherwise), at most 300 per thread (422 `comment_hide_limit`).
         */
        post: operations["hideComment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/comments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a comment
         * @description Deletes a comment permanently; an error means it is still there. `{id}` is the network's own comment id as listed by GET /v1/posts/{id}/comments, percent-encoded (Bluesky ids are `at://` URIs). Networks that let an account delete only what it wrote (X, Bluesky) answer 422 `comment_not_own` for someone else's comment; a network without deletion answers 400 `comment_delete_unsupported`. A review id deletes the account's reply to the review.
         */
        delete: operations["deleteComment"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/comments/{id}/replies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Answer a comment as the account
         * @description Posts `text` as the account's answer to the comment. `{id}` is the network's own comment id as listed by GET /v1/posts/{id}/comments, percent-encoded (Bluesky ids are `at://` URIs). Free, except on X where a reply costs one credit like a post (402 `entitlement_exceeded` when none is left; a reply X refuses gives it back). Send an Idempotency-Key: a retry with the same key answers the first reply again and is never charged twice. The answer is marked `own` in comment lists and never arrives as comment.received. A review id posts (or replaces) the reply to the review.
         */
        post: operations["replyToComment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/social-accounts/{id}/live-broadcasts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's live broadcasts, newest first
         * @description Broadcasts created through Chorus on this account, with the status last read from the network (`statusCheckedAt`); read one for its status now. Stream credentials are never listed. Live video works on Facebook pages and YouTube channels (GET /v1/platforms: `live` lists the operations a network has); other networks answer 400 `capability_unsupported` naming the ones that can. Going live costs no credits.
         */
        get: operations["listLiveBroadcasts"];
        put?: never;
        /**
         * Create a broadcast: prepared (`ready`) or announced for a time (`scheduled`)
         * @description Creates the broadcast on the network (Facebook: a LiveVideo on the page, UNPUBLISHED or SCHEDULED_UNPUBLISHED; YouTube: a public liveBroadcast bound to a new RTMP liveStream, whose title YouTube limits to 100 characters without < or >) and answers 201 with `ingest`, the stream URL and key for the encoder. **This is the only answer that carries them**, like a webhook secret: keep them. If they are lost, POST .../credentials reads them again from the network and records the reveal in GET /v1/audit; Chorus itself never stores them. Start streaming, then POST .../start to go live (a scheduled broadcast can also be started early). Live video works on Facebook pages and YouTube channels (GET /v1/platforms: `live` lists the operations a network has); other networks answer 400 `capability_unsupported` naming the ones that can. Going live costs no credits.
         */
        post: operations["createLiveBroadcast"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/social-accounts/{id}/live-broadcasts/{liveId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A broadcast's status now, read from the network, and its replay URL once there is one
         * @description Reads the network's authoritative status (Facebook: GET /{live-video-id}?fields=status,...; YouTube: liveBroadcasts.list) and stores it as the last known one. `replayUrl` is set once the recording exists (`replay_ready`, Facebook VOD). Stream credentials are never returned here. Live video works on Facebook pages and YouTube channels (GET /v1/platforms: `live` lists the operations a network has); other networks answer 400 `capability_unsupported` naming the ones that can. Going live costs no credits.
         */
        get: operations["getLiveBroadcast"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/social-accounts/{id}/live-broadcasts/{liveId}/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a `scheduled` or `ready` broadcast live
         * @description Checks the status the network reports now, then goes live (Facebook: status=LIVE_NOW; YouTube: liveBroadcasts.transition to live). Any other status is 409 `broadcast_state_invalid` naming it. Live video works on Facebook pages and YouTube channels (GET /v1/platforms: `live` lists the operations a network has); other networks answer 400 `capability_unsupported` naming the ones that can. Going live costs no credits.
         */
        post: operations["startLiveBroadcast"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/social-accounts/{id}/live-broadcasts/{liveId}/end": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End a `live` broadcast, or cancel a `scheduled` one
         * @description Checks the status the network reports now, then ends it (Facebook: end_live_video=true, or status=SCHEDULED_CANCELED for a scheduled broadcast; YouTube: transition to complete). The replay follows: `processing`, then `replay_ready` with `replayUrl`. A `ready` or already ended broadcast is 409 `broadcast_state_invalid`. Live video works on Facebook pages and YouTube channels (GET /v1/platforms: `live` lists the operations a network has); other networks answer 400 `capability_unsupported` naming the ones that can. Going live costs no credits.
         */
        post: operations["endLiveBroadcast"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/social-accounts/{id}/live-broadcasts/{liveId}/credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reveal the stream URL and key again (audited)
         * @description A deliberate reveal for a person who lost the creation answer: reads the stream credentials from the network (Chorus never stores them) while the broadcast is `scheduled`, `ready` or `live` (otherwise 409 `broadcast_state_invalid`), and records `live.credentials_revealed` with the key that asked in GET /v1/audit. Live video works on Facebook pages and YouTube channels (GET /v1/platforms: `live` lists the operations a network has); other networks answer 400 `capability_unsupported` naming the ones that can. Going live costs no credits.
         */
        post: operations["revealLiveBroadcastCredentials"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/discover/posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search public posts across networks
         * @description Runs one search on every connected account whose network has post search (or on `account`), in parallel with a timeout per network, merged by time (each network's own order is kept). Networks without search, and searches a network's rules refuse, are `problems`: Instagram searches single hashtags only (`search_keyword_unsupported` for several words), at most 30 different hashtags per account per 7 days (`hashtag_search_limit` for the 31st), `sort=recent` covers its last 24 hours, and its results carry `authorHidden: true` and no author. X searches the last 7 days.
         */
        get: operations["searchPosts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/discover/profiles/{handle}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Look up a public profile
         * @description Another account's public profile on the network of `account`. Counts are null where the network does not publish them. A numeric id is `handle_not_a_username`; Instagram answers only for professional accounts (`handle_not_found` otherwise) and only through Facebook Login; Threads only for public profiles with at least 100 followers, by exact username, and publishes no following or post count (null); LinkedIn looks up company pages only, by the vanity name in linkedin.com/company/{name} (organization variant), with followers where LinkedIn shares them and null otherwise, and never members.
         */
        get: operations["getPublicProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/discover/profiles/{handle}/posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A public profile's posts
         * @description The public posts of `handle` on the network of `account`, newest first. A network that cannot read them, a timeout or a refusal is a `problems` entry; a handle that does not exist is 404 `handle_not_found`.
         */
        get: operations["listPublicProfilePosts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/discover/creators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find creators for partnerships
         * @description Searches the creator marketplace of the account's network: Instagram accounts connected through Facebook Login (`discovers.creators` on the account says whether it works before you ask). An Instagram account connected through its own login is `photo_page_door_required`; a Facebook page is `creator_marketplace_unavailable` (Meta publishes no search edge for it); other networks are `creator_search_unsupported`. A brand that has not accepted the marketplace terms is 409 `creator_marketplace_not_onboarded`. Test data is `sample: true` with `portfolioUrl: null`.
         */
        get: operations["searchCreators"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/discover/places": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find places to tag
         * @description Places on the account's network, by name (`q`) and/or near a point (`latitude` and `longitude`, always together). The `id` goes in `platformOptions.<platform>.locationId` and works only on that network (`option_invalid` elsewhere). Instagram and Facebook search Facebook Pages with a location (by name through Pages search; near a point without a name through Meta's Places Search API, nearest first); Threads uses its own location search (ids work only on Threads). Networks without place search are `place_search_unsupported`.
         */
        get: operations["searchPlaces"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The OAuth agents acting for this workspace
         * @description Agents the owner approved on the consent page and has not revoked, newest first, with their grant, client name, nickname, last use and today's spend. For the workspace owner (an API key or the dashboard); an agent's own token is refused with 403 `agent_grant_owner_only`.
         */
        get: operations["listAgents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an agent
         * @description Ends the agent and every access and refresh token it holds at once; its next request is 401. For the workspace owner (an API key or the dashboard); an agent's own token is refused with 403 `agent_grant_owner_only`.
         */
        delete: operations["revokeAgent"];
        options?: never;
        head?: never;
        /**
         * Change an agent's grant, or lock its nickname
         * @description The grant is replaced whole and applies from the agent's next request. For the workspace owner (an API key or the dashboard); an agent's own token is refused with 403 `agent_grant_owner_only`.
         */
        patch: operations["updateAgent"];
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Per-network options by platform id; each network's fields are its own schema. */
        PlatformOptions: {
            tiktok?: components["schemas"]["TiktokOptions"];
            instagram?: components["schemas"]["InstagramOptions"];
            facebook?: components["schemas"]["FacebookOptions"];
            twitter?: components["schemas"]["TwitterOptions"];
            youtube?: components["schemas"]["YoutubeOptions"];
            pinterest?: components["schemas"]["PinterestOptions"];
            linkedin?: components["schemas"]["LinkedinOptions"];
            bluesky?: components["schemas"]["BlueskyOptions"];
            threads?: components["schemas"]["ThreadsOptions"];
            googlebusiness?: components["schemas"]["GooglebusinessOptions"];
        };
        /** @description `platformOptions.tiktok`: options for TikTok. Checked per target when publishing; an unknown option or a bad value fails that target with `option_invalid`. GET /v1/platforms/tiktok lists them too. */
        TiktokOptions: {
            /**
             * @description Who can see the post (`privacy_level`); must be one of the account's options in publish-info. Unaudited apps may only use SELF_ONLY. Required when posting to this network.
             * @enum {string}
             */
            privacyLevel?: "PUBLIC_TO_EVERYONE" | "MUTUAL_FOLLOW_FRIENDS" | "FOLLOWER_OF_CREATOR" | "SELF_ONLY";
            /** @description Photo posts only: the title shown above the description (`post_info.title`). */
            title?: string;
            /** @description Turns comments off (`disable_comment`); forced on when publish-info says comments are disabled. */
            disableComment?: boolean;
            /** @description Video only: turns duets off (`disable_duet`). */
            disableDuet?: boolean;
            /** @description Video only: turns stitches off (`disable_stitch`). */
            disableStitch?: boolean;
            /** @description Video only: the frame used as cover, in milliseconds (`video_cover_timestamp_ms`). Takes at least 0; outside that range the target fails with `option_invalid` (the request itself is accepted). */
            videoCoverTimestampMs?: number;
            /** @description Photo posts: 0-based index of the cover image (`photo_cover_index`); defaults to 0. Takes at least 0; outside that range the target fails with `option_invalid` (the request itself is accepted). */
            photoCoverIndex?: number;
            /** @description Photo posts: lets TikTok add music (`auto_add_music`). */
            autoAddMusic?: boolean;
            /** @description Paid partnership promoting a third party (`brand_content_toggle`); cannot be SELF_ONLY. */
            brandContentToggle?: boolean;
            /** @description Promotes the creator's own business (`brand_organic_toggle`). */
            brandOrganicToggle?: boolean;
            /** @description Video only: labels AI-generated content (`is_aigc`). */
            isAigc?: boolean;
            /**
             * @description DIRECT_POST publishes; MEDIA_UPLOAD sends the media to the creator's TikTok inbox to finish in the app (at most 5 pending a day). Default DIRECT_POST.
             * @enum {string}
             */
            postMode?: "DIRECT_POST" | "MEDIA_UPLOAD";
            /** @description This target's own first comment, instead of the post's `firstComment`; `false` or null posts none here. TikTok's Content Posting API has no way to comment on a post. Only `false` (or null) is accepted without a refusal. */
            firstComment?: {
                text: string;
                media?: string[];
            } | false | null;
            /** @description Whether TikTok gets variants of the uploads that fit its limits (converted, cropped or padded, resized, compressed, EXIF orientation applied, metadata stripped), instead of the post's `autoFix`; `false` sends the uploads unchanged here. Same shape as the post's `autoFix`. Chorus's own: never sent to the network (platform tiktok). */
            autoFix?: boolean | {
                /** @enum {string} */
                crop?: "fit" | "fill";
                focalPoint?: {
                    x: number;
                    y: number;
                };
            };
        };
        /** @description `platformOptions.instagram`: options for Instagram. Checked per target when publishing; an unknown option or a bad value fails that target with `option_invalid`. GET /v1/platforms/instagram lists them too. */
        InstagramOptions: {
            /**
             * @description feed (default: one image, or a carousel of 2-10 items), reel (one video, 3 s to 15 min) or story (one image or video up to 60 s).
             * @enum {string}
             */
            postType?: "feed" | "reel" | "story";
            /** @description Alternative text for images (not videos). */
            altText?: string;
            /** @description Id of a Facebook Page with a location, from place search. */
            locationId?: string;
            /** @description People tagged on the image: [{ username, x, y }] with x and y between 0 and 1 (stories need no x/y). */
            userTags?: unknown[];
            /** @description Up to 3 usernames invited as collaborators. */
            collaborators?: unknown[];
            /** @description Products tagged: [{ product_id, x, y }]; Facebook-login door only. */
            productTags?: unknown[];
            /** @description Reels: also show the reel in the profile feed. */
            shareToFeed?: boolean;
            /** @description Reels: public URL of a JPEG cover image (wins over thumbOffset). */
            coverUrl?: string;
            /** @description Reels: milliseconds into the video of the frame used as cover. Takes at least 0; outside that range the target fails with `option_invalid` (the request itself is accepted). */
            thumbOffset?: number;
            /** @description Reels: name of the original audio. */
            audioName?: string;
            /** @description Reels: post as a trial reel, shown to non-followers first (`trial_params`). */
            trialParams?: {
                /**
                 * @description MANUAL: you decide in the Instagram app whether the trial reel goes to your followers; SS_PERFORMANCE: Instagram shares it with them when it performs well with non-followers.
                 * @enum {string}
                 */
                graduation_strategy: "MANUAL" | "SS_PERFORMANCE";
            };
            /** @description This target's own first comment, instead of the post's `firstComment`; `false` or null posts none here. At most 2200 characters (POST /{ig-media-id}/comments `message`; Instagram's caption limit (the comment limit is undocumented)). Text only: `media` is refused with `first_comment_media_unsupported`. */
            firstComment?: {
                text: string;
                media?: string[];
            } | false | null;
            /** @description Whether Instagram gets variants of the uploads that fit its limits (converted, cropped or padded, resized, compressed, EXIF orientation applied, metadata stripped), instead of the post's `autoFix`; `false` sends the uploads unchanged here. Same shape as the post's `autoFix`. Chorus's own: never sent to the network (platform instagram). */
            autoFix?: boolean | {
                /** @enum {string} */
                crop?: "fit" | "fill";
                focalPoint?: {
                    x: number;
                    y: number;
                };
            };
        };
        /** @description `platformOptions.facebook`: options for Facebook Pages. Checked per target when publishing; an unknown option or a bad value fails that target with `option_invalid`. GET /v1/platforms/facebook lists them too. */
        FacebookOptions: {
            /** @description Id of the page to publish on, from GET /v1/social-accounts/{id}/targets. Required when posting to this network. */
            pageId?: string;
            /**
             * @description Where the post goes: the page feed (default: text, a link, photos or one video), a reel (one video of 3 to 90 seconds, 9:16 recommended; at most 30 reels per page per 24 hours) or a story (one photo, or one video of 3 to 60 seconds; stories take no text).
             * @enum {string}
             */
            postType?: "feed" | "reel" | "story";
            /** @description A URL shown as a link preview; feed posts without media only. */
            link?: string;
            /** @description Title of a feed video or a reel. */
            title?: string;
            /** @description Page id of the brand partner, for a branded-content post (sent as sponsor_id). */
            sponsorId?: string;
            /** @description This target's own first comment, instead of the post's `firstComment`; `false` or null posts none here. At most 8000 characters (POST /{page-post-id}/comments `message` (8,000 characters, unverified)). `media`: up to 1 of image/jpeg, image/png, image/gif, 10485760 bytes each (POST /{page-post-id}/comments `attachment_url`: one image or GIF). */
            firstComment?: {
                text: string;
                media?: string[];
            } | false | null;
            /** @description Whether Facebook Pages gets variants of the uploads that fit its limits (converted, cropped or padded, resized, compressed, EXIF orientation applied, metadata stripped), instead of the post's `autoFix`; `false` sends the uploads unchanged here. Same shape as the post's `autoFix`. Chorus's own: never sent to the network (platform facebook). */
            autoFix?: boolean | {
                /** @enum {string} */
                crop?: "fit" | "fill";
                focalPoint?: {
                    x: number;
                    y: number;
                };
            };
        };
        /** @description `platformOptions.twitter`: options for X. Checked per target when publishing; an unknown option or a bad value fails that target with `option_invalid`. GET /v1/platforms/twitter lists them too. */
        TwitterOptions: {
            /**
             * @description Who may reply (`reply_settings`); omit to let everyone reply.
             * @enum {string}
             */
            replySettings?: "following" | "mentionedUsers" | "subscribers" | "verified";
            /** @description Post id this post replies to (`reply.in_reply_to_tweet_id`). Self-serve apps may reply only where the author mentioned or quoted the replying account. */
            replyToPostId?: string;
            /** @description Post id to quote (`quote_tweet_id`); X allows it for Enterprise apps only. */
            quotePostId?: string;
            /** @description 2 to 4 poll choices of 1 to 25 characters each (`poll.options`); a poll excludes media. */
            pollOptions?: unknown[];
            /** @description How long the poll stays open, 5 to 10080 minutes (`poll.duration_minutes`); required with pollOptions. Takes from 5 to 10080; outside that range the target fails with `option_invalid` (the request itself is accepted). */
            pollDurationMinutes?: number;
            /** @description Discloses AI-generated media (`made_with_ai`). */
            madeWithAi?: boolean;
            /** @description Discloses a paid partnership (`paid_partnership`). */
            paidPartnership?: boolean;
            /** @description Posts into an X Community the account belongs to (`community_id`, digits). */
            communityId?: string;
            /** @description Restricts the post to the account's subscribers (`for_super_followers_only`). */
            forSuperFollowersOnly?: boolean;
            /** @description X place id attached to the post (`geo.place_id`). */
            locationId?: string;
            /** @description With replyToPostId: user ids left out of the reply's mentions (`reply.exclude_reply_user_ids`). */
            excludeReplyUserIds?: unknown[];
            /** @description Up to 10 user ids tagged in the attached images (`media.tagged_user_ids`). */
            taggedUserIds?: unknown[];
            /** @description With forSuperFollowersOnly: also shows the exclusive post to every follower (`share_with_followers`). */
            shareWithFollowers?: boolean;
            /** @description Promoted-only post, kept off the public timeline (`nullcast`); for ads accounts. */
            nullcast?: boolean;
            /** @description An ads card attached to the post (`card_uri`); excludes media, poll and quotePostId. */
            cardUri?: string;
            /** @description A link that opens a Direct Message conversation with the account (`direct_message_deep_link`). */
            directMessageDeepLink?: string;
            /** @description This target's own first comment, instead of the post's `firstComment`; `false` or null posts none here. At most 280 weighted (POST /2/tweets with `reply`: a post's 280 weighted characters). `media`: up to 4 of image/jpeg, image/png, image/webp, 5242880 bytes each (POST /2/tweets `media.media_ids` on the reply: 4 images of 5 MB). */
            firstComment?: {
                text: string;
                media?: string[];
            } | false | null;
            /** @description Whether X gets variants of the uploads that fit its limits (converted, cropped or padded, resized, compressed, EXIF orientation applied, metadata stripped), instead of the post's `autoFix`; `false` sends the uploads unchanged here. Same shape as the post's `autoFix`. Chorus's own: never sent to the network (platform twitter). */
            autoFix?: boolean | {
                /** @enum {string} */
                crop?: "fit" | "fill";
                focalPoint?: {
                    x: number;
                    y: number;
                };
            };
        };
        /** @description `platformOptions.youtube`: options for YouTube. Checked per target when publishing; an unknown option or a bad value fails that target with `option_invalid`. GET /v1/platforms/youtube lists them too. */
        YoutubeOptions: {
            /**
             * @description `short` publishes a YouTube Short: one video of at most 3 minutes, square or vertical (YouTube has no API flag; it classifies such uploads as Shorts itself, so Chorus refuses a `short` that YouTube would file as a regular video). Default `video`.
             * @enum {string}
             */
            postType?: "video" | "short";
            /** @description Video title (snippet.title), 1-100 characters, no < or >. Required when posting to this network. */
            title?: string;
            /**
             * @description Who can watch (status.privacyStatus); default public. Apps that have not passed YouTube's audit get every upload locked to private.
             * @enum {string}
             */
            privacyStatus?: "public" | "unlisted" | "private";
            /** @description Video category id from videoCategories.list, e.g. "22" (People & Blogs). */
            categoryId?: string;
            /** @description Keywords (snippet.tags); at most 500 characters in total, counting separators. */
            tags?: unknown[];
            /** @description COPPA self-declaration (status.selfDeclaredMadeForKids); set it explicitly. */
            madeForKids?: boolean;
            /** @description Discloses realistic altered or synthetic content (status.containsSyntheticMedia). */
            containsSyntheticMedia?: boolean;
            /** @description Whether other sites may embed the video (status.embeddable). */
            embeddable?: boolean;
            /**
             * @description Video licence (status.license).
             * @enum {string}
             */
            license?: "youtube" | "creativeCommon";
            /** @description Whether the public sees view and like counts (status.publicStatsViewable). */
            publicStatsViewable?: boolean;
            /** @description Whether subscribers are notified of the upload (videos.insert notifySubscribers); default true. */
            notifySubscribers?: boolean;
            /** @description Declares a paid product placement (paidProductPlacementDetails.hasPaidProductPlacement). */
            paidProductPlacement?: boolean;
            /** @description BCP-47 language of the title and description (snippet.defaultLanguage). */
            defaultLanguage?: string;
            /** @description BCP-47 language spoken in the video (snippet.defaultAudioLanguage). */
            defaultAudioLanguage?: string;
            /** @description Playlist to add the video to after upload (playlistItems.insert). */
            playlistId?: string;
            /** @description A `med_` id of a JPEG or PNG image of at most 2 MB, set as the video's custom thumbnail (thumbnails.set) right after the upload. The channel must be verified for custom thumbnails; when YouTube refuses it the video is still published and the target carries the warning `video_thumbnail_not_set`. */
            thumbnail?: string;
            /** @description This target's own first comment, instead of the post's `firstComment`; `false` or null posts none here. At most 10000 characters (commentThreads.insert `textOriginal` (10,000 characters, unverified)). Text only: `media` is refused with `first_comment_media_unsupported`. */
            firstComment?: {
                text: string;
                media?: string[];
            } | false | null;
            /** @description Whether YouTube gets variants of the uploads that fit its limits (converted, cropped or padded, resized, compressed, EXIF orientation applied, metadata stripped), instead of the post's `autoFix`; `false` sends the uploads unchanged here. Same shape as the post's `autoFix`. Chorus's own: never sent to the network (platform youtube). */
            autoFix?: boolean | {
                /** @enum {string} */
                crop?: "fit" | "fill";
                focalPoint?: {
                    x: number;
                    y: number;
                };
            };
        };
        /** @description `platformOptions.pinterest`: options for Pinterest. Checked per target when publishing; an unknown option or a bad value fails that target with `option_invalid`. GET /v1/platforms/pinterest lists them too. */
        PinterestOptions: {
            /** @description The board the Pin goes on (`board_id`, digits); pick one from GET /v1/social-accounts/{id}/targets. Required when posting to this network. */
            boardId?: string;
            /** @description A section of that board (`board_section_id`, digits). */
            boardSectionId?: string;
            /** @description Pin title (`title`). */
            title?: string;
            /** @description Destination URL opened from the Pin (`link`). */
            link?: string;
            /** @description Alternative text for the image (`alt_text`). */
            altText?: string;
            /** @description Placeholder colour shown while the image loads, as hex such as #6E7874 (`dominant_color`). */
            dominantColor?: string;
            /** @description Video Pins: public URL of the cover image (`cover_image_url`); a cover is required, this or coverImageKeyFrameTime. */
            coverImageUrl?: string;
            /** @description Video Pins: second of the video used as cover (`cover_image_key_frame_time`); default 1 when no coverImageUrl is given. Takes at least 0; outside that range the target fails with `option_invalid` (the request itself is accepted). */
            coverImageKeyFrameTime?: number;
            /** @description The Pin this one was saved from (`parent_pin_id`, digits). */
            parentPinId?: string;
            /** @description Account asked to sponsor the Pin as a paid partnership (`sponsor_id`); a closed beta at Pinterest. */
            sponsorId?: string;
            /** @description Business Access: publish as the owner of this ad account (`ad_account_id` query parameter). */
            adAccountId?: string;
            /** @description This target's own first comment, instead of the post's `firstComment`; `false` or null posts none here. Pinterest's API v5 has no way to comment on a pin. Only `false` (or null) is accepted without a refusal. */
            firstComment?: {
                text: string;
                media?: string[];
            } | false | null;
            /** @description Whether Pinterest gets variants of the uploads that fit its limits (converted, cropped or padded, resized, compressed, EXIF orientation applied, metadata stripped), instead of the post's `autoFix`; `false` sends the uploads unchanged here. Same shape as the post's `autoFix`. Chorus's own: never sent to the network (platform pinterest). */
            autoFix?: boolean | {
                /** @enum {string} */
                crop?: "fit" | "fill";
                focalPoint?: {
                    x: number;
                    y: number;
                };
            };
        };
        /** @description `platformOptions.linkedin`: options for LinkedIn. Checked per target when publishing; an unknown option or a bad value fails that target with `option_invalid`. GET /v1/platforms/linkedin lists them too. */
        LinkedinOptions: {
            /** @description Post as an organisation: its `urn:li:organization:…` from GET /v1/social-accounts/{id}/targets. Omit to post as the member, on their personal profile, which takes text, images and articles but no video (`prof_video_unsupported`). */
            author?: string;
            /**
             * @description Who sees the post; default PUBLIC. CONNECTIONS is for member posts only.
             * @enum {string}
             */
            visibility?: "PUBLIC" | "CONNECTIONS" | "LOGGED_IN";
            /**
             * @description MAIN_FEED (default) shows the post in feeds; NONE publishes it without feed distribution.
             * @enum {string}
             */
            feedDistribution?: "MAIN_FEED" | "NONE";
            /** @description Stops others resharing the post (isReshareDisabledByAuthor). */
            disableReshare?: boolean;
            /** @description Link to share as an article card; LinkedIn does not scrape it, so give articleTitle too. */
            articleUrl?: string;
            /** @description Title of the article card (required with articleUrl). */
            articleTitle?: string;
            /** @description Description of the article card. */
            articleDescription?: string;
            /** @description Title shown with a video or document; required with a document (PDF, DOCX or PPTX), which LinkedIn shows under it. */
            mediaTitle?: string;
            /** @description This target's own first comment, instead of the post's `firstComment`; `false` or null posts none here. At most 1250 characters (POST /rest/socialActions/{postUrn}/comments `message.text` (about 1,250 characters, unverified)). Text only: `media` is refused with `first_comment_media_unsupported`. */
            firstComment?: {
                text: string;
                media?: string[];
            } | false | null;
            /** @description Whether LinkedIn gets variants of the uploads that fit its limits (converted, cropped or padded, resized, compressed, EXIF orientation applied, metadata stripped), instead of the post's `autoFix`; `false` sends the uploads unchanged here. Same shape as the post's `autoFix`. Chorus's own: never sent to the network (platform linkedin). */
            autoFix?: boolean | {
                /** @enum {string} */
                crop?: "fit" | "fill";
                focalPoint?: {
                    x: number;
                    y: number;
                };
            };
        };
        /** @description `platformOptions.bluesky`: options for Bluesky. Checked per target when publishing; an unknown option or a bad value fails that target with `option_invalid`. GET /v1/platforms/bluesky lists them too. */
        BlueskyOptions: {
            /** @description Up to 3 BCP-47 language codes of the text, for example ["en", "pt-BR"]. Bluesky uses them for feeds and translation. */
            langs?: unknown[];
            /** @description Up to 8 extra hashtags that do not appear in the text, without the leading #; each at most 64 graphemes. */
            tags?: unknown[];
            /** @description Self-applied content warnings for adult or graphic media (the post's self-labels). */
            contentLabels?: ("sexual" | "nudity" | "porn" | "graphic-media")[];
            /** @description AT URI (at://did/app.bsky.feed.post/rkey) or bsky.app URL of the post to reply to; the thread root is found automatically. */
            replyTo?: string;
            /** @description AT URI or bsky.app URL of a post to quote (embedded under the text, with the media when there is any). */
            quote?: string;
            /** @description Who may reply (a threadgate): people mentioned in the post, people you follow, your followers. An empty array means nobody; omit it to let everybody reply. */
            replyRules?: ("mentioned" | "following" | "followers")[];
            /** @description When true, nobody can quote the post (a postgate with a disable rule). */
            disableQuotes?: boolean;
            /** @description When true (the default) and the post has no media, the first link in the text is shown as a card with its page title, description and image. */
            linkCard?: boolean;
            /** @description This target's own first comment, instead of the post's `firstComment`; `false` or null posts none here. At most 300 graphemes (app.bsky.feed.post with `reply`: a post's 300 graphemes). `media`: up to 4 of image/jpeg, image/png, image/webp, 1000000 bytes each (app.bsky.embed.images on the reply: 4 images, blob maxSize 1,000,000 bytes). */
            firstComment?: {
                text: string;
                media?: string[];
            } | false | null;
            /** @description Whether Bluesky gets variants of the uploads that fit its limits (converted, cropped or padded, resized, compressed, EXIF orientation applied, metadata stripped), instead of the post's `autoFix`; `false` sends the uploads unchanged here. Same shape as the post's `autoFix`. Chorus's own: never sent to the network (platform bluesky). */
            autoFix?: boolean | {
                /** @enum {string} */
                crop?: "fit" | "fill";
                focalPoint?: {
                    x: number;
                    y: number;
                };
            };
        };
        /** @description `platformOptions.threads`: options for Threads. Checked per target when publishing; an unknown option or a bad value fails that target with `option_invalid`. GET /v1/platforms/threads lists them too. */
        ThreadsOptions: {
            /**
             * @description Who may reply to the post.
             * @enum {string}
             */
            replyControl?: "everyone" | "accounts_you_follow" | "mentioned_only" | "parent_post_author_only" | "followers_only";
            /** @description One topic tag for the post, 1-50 characters, without '.' or '&'. */
            topicTag?: string;
            /** @description URL shown as a link preview; text-only posts only. */
            linkAttachment?: string;
            /** @description 2 to 4 poll options of 1-25 characters each; text-only posts only. */
            pollOptions?: unknown[];
            /** @description Alternative text for an image or video. */
            altText?: string;
            /** @description Id of a place from GET /v1/discover/places on a Threads account (Threads location search; needs threads_location_tagging). */
            locationId?: string;
            /** @description ISO 3166-1 alpha-2 codes: only people in these countries see the post. */
            allowlistedCountryCodes?: unknown[];
            /** @description Id of a Threads post to quote. */
            quotePostId?: string;
            /** @description This target's own first comment, instead of the post's `firstComment`; `false` or null posts none here. At most 500 characters (POST /{threads-user-id}/threads with `reply_to_id`: a post's 500 characters). Text only: `media` is refused with `first_comment_media_unsupported`. */
            firstComment?: {
                text: string;
                media?: string[];
            } | false | null;
            /** @description Whether Threads gets variants of the uploads that fit its limits (converted, cropped or padded, resized, compressed, EXIF orientation applied, metadata stripped), instead of the post's `autoFix`; `false` sends the uploads unchanged here. Same shape as the post's `autoFix`. Chorus's own: never sent to the network (platform threads). */
            autoFix?: boolean | {
                /** @enum {string} */
                crop?: "fit" | "fill";
                focalPoint?: {
                    x: number;
                    y: number;
                };
            };
        };
        /** @description `platformOptions.googlebusiness`: options for Google Business Profile. Checked per target when publishing; an unknown option or a bad value fails that target with `option_invalid`. GET /v1/platforms/googlebusiness lists them too. */
        GooglebusinessOptions: {
            /** @description Location to post to, as `accounts/{account}/locations/{location}` from GET /v1/social-accounts/{id}/targets; required when the account manages more than one location. */
            location?: string;
            /**
             * @description Kind of local post; default STANDARD. EVENT and OFFER need eventTitle, eventStart and eventEnd.
             * @enum {string}
             */
            topicType?: "STANDARD" | "EVENT" | "OFFER" | "ALERT";
            /**
             * @description Alert kind, only with topicType ALERT.
             * @enum {string}
             */
            alertType?: "COVID_19";
            /** @description BCP-47 language of the post. */
            languageCode?: string;
            /**
             * @description Button shown on the post.
             * @enum {string}
             */
            callToActionType?: "BOOK" | "ORDER" | "SHOP" | "LEARN_MORE" | "SIGN_UP" | "CALL";
            /** @description Where the button leads; required for every type except CALL, which uses the location's phone number. */
            callToActionUrl?: string;
            /** @description Event or offer title (EVENT and OFFER posts). */
            eventTitle?: string;
            /** @description Start of the event or offer in the location's local time: YYYY-MM-DD or YYYY-MM-DDTHH:MM (an offset, if any, is ignored). */
            eventStart?: string;
            /** @description End of the event or offer in the location's local time: YYYY-MM-DD or YYYY-MM-DDTHH:MM (an offset, if any, is ignored). */
            eventEnd?: string;
            /** @description Coupon code shown on an OFFER post. */
            offerCouponCode?: string;
            /** @description Link to redeem an OFFER online. */
            offerRedeemOnlineUrl?: string;
            /** @description Terms of an OFFER. */
            offerTermsConditions?: string;
            /** @description This target's own first comment, instead of the post's `firstComment`; `false` or null posts none here. Google Business Profile local posts have no comments. Only `false` (or null) is accepted without a refusal. */
            firstComment?: {
                text: string;
                media?: string[];
            } | false | null;
            /** @description Whether Google Business Profile gets variants of the uploads that fit its limits (converted, cropped or padded, resized, compressed, EXIF orientation applied, metadata stripped), instead of the post's `autoFix`; `false` sends the uploads unchanged here. Same shape as the post's `autoFix`. Chorus's own: never sent to the network (platform googlebusiness). */
            autoFix?: boolean | {
                /** @enum {string} */
                crop?: "fit" | "fill";
                focalPoint?: {
                    x: number;
                    y: number;
                };
            };
        };
        /**
         * @example {
         *       "profiles": [
         *         "prf_8Kd2Lw9Qx4Zr7Tb1Mn3V"
         *       ],
         *       "platforms": [
         *         "bluesky",
         *         "linkedin"
         *       ],
         *       "actions": [
         *         "read",
         *         "draft",
         *         "publish_or_schedule"
         *       ],
         *       "creditsPerDay": 5,
         *       "purchasedCredits": false,
         *       "requireApproval": true
         *     }
         */
        AgentGrant: {
            /** @description Profile ids (`prf_…`) the agent may act for; `null`: every profile, and accounts outside any profile. `[]`: none. */
            profiles: string[] | null;
            /** @description Networks the agent may reach; `null`: every network. */
            platforms: ("tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness")[] | null;
            /** @description What it may do: `read` (posts, accounts, analytics, inbox), `draft` (drafts, validation, media upload), `publish_or_schedule`, `reply_and_message`, `engage` (like, repost, follow, block, mute), `delete` (cancel, retract, delete). */
            actions: ("read" | "draft" | "publish_or_schedule" | "reply_and_message" | "engage" | "delete")[];
            /** @description Credits its posts may spend per UTC day. */
            creditsPerDay: number;
            /** @description Whether credits bought up front may pay for its posts (the monthly allowance and granted credits always may). */
            purchasedCredits: boolean;
            /** @description `true`: every post the agent publishes or schedules waits in `pending_approval` until a person approves it (POST /v1/posts/{id}/approve with an API key, or a signed approval link); nothing is sent or charged before. Omitted: `false`. */
            requireApproval?: boolean;
            /** @description When the grant ends (ISO 8601, in the future when set): after it every call is 403 `agent_grant_expired` until the owner renews it. Null or absent: it does not expire. */
            expiresAt?: string | null;
        };
        /**
         * @example {
         *       "id": "agt_6Ty3Np8Rm2Kc5Wd9Hq1X",
         *       "clientName": "Claude",
         *       "nickname": null,
         *       "nicknameLocked": false,
         *       "grant": {
         *         "profiles": [
         *           "prf_8Kd2Lw9Qx4Zr7Tb1Mn3V"
         *         ],
         *         "platforms": [
         *           "bluesky",
         *           "linkedin"
         *         ],
         *         "actions": [
         *           "read",
         *           "draft",
         *           "publish_or_schedule"
         *         ],
         *         "creditsPerDay": 5,
         *         "purchasedCredits": false
         *       },
         *       "spentToday": 2,
         *       "creditsLeftToday": 3
         *     }
         */
        MeAgent: {
            /** @description The agent's id (`agt_…`). */
            id: string;
            /** @description The name its OAuth client registered with. */
            clientName: string;
            nickname: string | null;
            nicknameLocked: boolean;
            grant: components["schemas"]["AgentGrant"];
            /** @description Credits it spent today (UTC): its posts (a scheduled post counts on the day it was scheduled) and billed replies, less what came back when a network refused them or a scheduled post was cancelled before it was sent (given back on the day it was charged). */
            spentToday: number;
            /** @description `grant.creditsPerDay` minus `spentToday`. */
            creditsLeftToday: number;
        };
        /**
         * @example {
         *       "account": "ws_2Jd8Ls5Qw1Zx9Vb4",
         *       "name": "Ada's workspace",
         *       "email": "ada@example.com",
         *       "plan": "free",
         *       "mode": "test",
         *       "key": {
         *         "id": "agt_6Ty3Np8Rm2Kc5Wd9",
         *         "name": "default",
         *         "prefix": "sk_test_4f9a",
         *         "nickname": null
         *       },
         *       "agent": null,
         *       "createdAt": "2026-11-24T09:00:00.000Z"
         *     }
         */
        Me: {
            /** @description The workspace id (`ws_…`). */
            account: string;
            name: string;
            email: string;
            /** @description `free` or `subscription`. */
            plan: string;
            /**
             * @description `test` keys publish to the sandbox networks, `live` keys to the real ones.
             * @enum {string}
             */
            mode: "test" | "live";
            key: {
                id: string;
                name: string;
                prefix: string;
                nickname: string | null;
            };
            /** @description With an OAuth agent's access token: the agent, its grant and today's spend. Null with an API key. */
            agent: components["schemas"]["MeAgent"] | null;
            /** Format: date-time */
            createdAt: string;
        };
        /**
         * @example {
         *       "error": {
         *         "type": "invalid_input",
         *         "message": "A field has the right type but a value outside what is allowed (length, range, format, or not one of the values the field lists).",
         *         "code": "field_invalid",
         *         "param": null,
         *         "fix": "Change the value of the field named in `param` to one the message describes.",
         *         "docs": "http://localhost:8787/docs/errors#error-field_invalid",
         *         "platform": null,
         *         "retryable": false,
         *         "requestId": "req_3fZqk8TgW2pLx9vN"
         *       }
         *     }
         */
        Error: {
            error: {
                /**
                 * @description Stable, coarse class of the error.
                 * @enum {string}
                 */
                type: "invalid_request" | "invalid_input" | "unauthorized" | "entitlement_exceeded" | "forbidden" | "not_found" | "conflict" | "rate_limited" | "platform_error" | "api_error" | "service_unavailable";
                /** @description Human-readable explanation. */
                message: string;
                /** @description Granular, stable code; branch on this. Every code is listed on /docs/errors. */
                code: string;
                /** @description The request field at fault, e.g. `media`, `platformOptions.title`. */
                param: string | null;
                /** @description Plain-language correction; null only for an unrecognised network refusal. */
                fix: string | null;
                /** @description Link to this code's entry in the error table. */
                docs: string;
                /** @description The network involved, or null. */
                platform: ("tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness") | null;
                /** @description Whether retrying the same request (same Idempotency-Key) can succeed. */
                retryable: boolean;
                /** @description Quote this to support. */
                requestId: string;
            };
        };
        /**
         * @example {
         *       "account": "ws_2Jd8Ls5Qw1Zx9Vb4",
         *       "email": "ada@example.com",
         *       "name": "Ada's workspace",
         *       "credits": {
         *         "total": 45,
         *         "monthly": 45,
         *         "pack": 0,
         *         "monthlyAllowance": 50,
         *         "plan": "free",
         *         "blockedPlatforms": [
         *           "twitter",
         *           "tiktok"
         *         ]
         *       },
         *       "billing": {
         *         "mode": "free",
         *         "isSubscriber": false,
         *         "hasPurchasedCredits": false
         *       },
         *       "connected": [
         *         {
         *           "account": "acc_7Hq2xWm9Lr4Tb8Zc",
         *           "platform": "bluesky",
         *           "handle": "ada.bsky.social",
         *           "status": "active"
         *         }
         *       ],
         *       "storage": {
         *         "usedBytes": 48213,
         *         "limitBytes": null
         *       },
         *       "rateLimits": {
         *         "apiPerMinute": 600,
         *         "postsPerMinute": 60,
         *         "profile": {
         *           "apiPerMinute": 120,
         *           "postsPerMinute": 20
         *         }
         *       }
         *     }
         */
        Limits: {
            account: string;
            email: string;
            name: string;
            credits: {
                /** @description monthly + pack, of the key's ledger: a test key sees the test ledger (what test keys spend), a live key the live one. */
                total: number;
                /** @description Credits left of this month's allowance (UTC months). */
                monthly: number;
                /** @description Granted and purchased credits that do not renew; spent after the monthly ones (granted first). With a test key: the test ledger's granted test credits. */
                pack: number;
                monthlyAllowance: number;
                plan: string;
                /** @description Networks this key cannot publish to: the plan's exclusions (live keys only; test mode may try every network) and the operator's blocks. */
                blockedPlatforms: string[];
            };
            billing: {
                /**
                 * @description `payg` is the free plan with a positive balance of purchased, non-renewing credits (granted credits do not count); it is not a subscription. Always the live ledger's.
                 * @enum {string}
                 */
                mode: "free" | "payg" | "subscription";
                isSubscriber: boolean;
                hasPurchasedCredits: boolean;
            };
            connected: {
                account: string;
                platform: string;
                handle: string;
                status: string;
            }[];
            storage: {
                /** @description Bytes of the workspace's stored media plus the parts of unfinished upload sessions. Files are kept until DELETE /v1/media/{id}. Read with the credits, in the same statement; where the limits are cached in process, every upload, completed session and deletion empties the cache, so the figure is never older than the last committed change. */
                usedBytes: number;
                /** @description null: this deployment sets no storage limit. */
                limitBytes: number | null;
            };
            rateLimits: {
                apiPerMinute: number;
                postsPerMinute: number;
                profile: {
                    apiPerMinute: number;
                    postsPerMinute: number;
                };
            };
        };
        /**
         * @example {
         *       "id": "agt_6Ty3Np8Rm2Kc5Wd9",
         *       "name": "default",
         *       "clientName": "api-key",
         *       "nickname": "scheduler-bot",
         *       "nicknameLocked": false
         *     }
         */
        AgentIdentity: {
            /** @description The agent's id: each API key acts as one agent (`agt_…`). */
            id: string;
            /** @description The key's own name. */
            name: string;
            /** @description The client the agent uses: `api-key` for API keys, the registered client name for OAuth agents. */
            clientName: string;
            nickname: string | null;
            nicknameLocked: boolean;
        };
        /**
         * @example {
         *       "nickname": "scheduler-bot"
         *     }
         */
        UpdateAgentRequest: {
            /** @description Display nickname, at most 60 characters; null restores the key's own name (for an OAuth agent, its client's registered name). */
            nickname: string | null;
        };
        /**
         * @example {
         *       "id": "aud_8Wc2Rn5Tz1Lq7Hm3",
         *       "type": "account.connected",
         *       "actor": "agt_6Ty3Np8Rm2Kc5Wd9",
         *       "details": {
         *         "platform": "bluesky",
         *         "account": "acc_7Hq2xWm9Lr4Tb8Zc"
         *       },
         *       "createdAt": "2026-11-24T09:00:00.000Z"
         *     }
         */
        AuditEvent: {
            id: string;
            /** @description `workspace.created`, `key.created`, `key.revoked`, `dashboard.login`, `account.connected`, `account.disconnected`, `credentials.changed`, `agent.nickname_changed`, `plan.changed`, `credits.granted`, `email_preferences.changed`. */
            type: string;
            /** @description The key id (`agt_…`) that acted, or `operator` for the command line. */
            actor: string;
            details: {
                [key: string]: (string | number | boolean) | null;
            };
            /** Format: date-time */
            createdAt: string;
        };
        AccountExport: {
            account: {
                id: string;
                email: string;
                name: string;
                plan: string;
            };
            profiles: {
                id: string;
                username: string;
                createdAt: string;
            }[];
            socialAccounts: {
                id: string;
                platform: string;
                handle: string;
                displayName: string | null;
                profileId: string | null;
                status: string;
                mode: string;
                connectVariant: string | null;
                connectedAt: string;
            }[];
            posts: {
                id: string;
                state: string;
                targets: {
                    account: string;
                }[];
            }[];
            auditLog: components["schemas"]["AuditEvent"][];
            /** Format: date-time */
            exportedAt: string;
        };
        AuditEventList: {
            items: components["schemas"]["AuditEvent"][];
            /** @description Always null: the audit read returns at most the 100 newest events. */
            cursor: null;
        };
        /**
         * @example {
         *       "publishFailures": true,
         *       "accountDisconnected": true,
         *       "creditsLow": true,
         *       "weeklyDigest": false,
         *       "productUpdates": false,
         *       "updatedAt": "2026-11-24T09:00:00.000Z"
         *     }
         */
        EmailPreferences: {
            /** @description Email when a post fails on every target. */
            publishFailures: boolean;
            /** @description Email when a connection expires or is disconnected. */
            accountDisconnected: boolean;
            /** @description Email when credits run low. */
            creditsLow: boolean;
            /** @description A weekly summary of publishing. */
            weeklyDigest: boolean;
            /** @description News about Chorus. */
            productUpdates: boolean;
            /** Format: date-time */
            updatedAt: string;
        };
        /**
         * @example {
         *       "weeklyDigest": true
         *     }
         */
        UpdateEmailPreferencesRequest: {
            /** @description Email when a post fails on every target. */
            publishFailures?: boolean;
            /** @description Email when a connection expires or is disconnected. */
            accountDisconnected?: boolean;
            /** @description Email when credits run low. */
            creditsLow?: boolean;
            /** @description A weekly summary of publishing. */
            weeklyDigest?: boolean;
            /** @description News about Chorus. */
            productUpdates?: boolean;
        };
        /**
         * @example {
         *       "id": "prf_Vb3kQ9sLw2Xe7Nd1",
         *       "username": "ada",
         *       "createdAt": "2026-11-24T09:00:00.000Z"
         *     }
         */
        Profile: {
            /** @description `prf_…` */
            id: string;
            username: string;
            /** Format: date-time */
            createdAt: string;
        };
        /**
         * @example {
         *       "username": "ada"
         *     }
         */
        CreateProfileRequest: {
            /** @description Unique in the workspace: 1 to 64 lowercase letters, digits, `.`, `_`, `-`. One profile stands for one end user. */
            username: string;
        };
        ProfileList: {
            items: components["schemas"]["Profile"][];
            cursor: string | null;
        };
        /**
         * @example {
         *       "day": "mon",
         *       "time": "09:30"
         *     }
         */
        QueueSlot: {
            /**
             * @description Day of the week, in the queue's zone.
             * @enum {string}
             */
            day: "mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun";
            /** @description Wall-clock time `HH:MM` (24 h) in the queue's zone. */
            time: string;
        };
        /**
         * @example {
         *       "profile": "prf_Vb3kQ9sLw2Xe7Nd1",
         *       "timezone": "Europe/Berlin",
         *       "slots": [
         *         {
         *           "day": "mon",
         *           "time": "09:30"
         *         },
         *         {
         *           "day": "thu",
         *           "time": "17:00"
         *         }
         *       ],
         *       "paused": false,
         *       "updatedAt": "2026-11-24T09:00:00.000Z"
         *     }
         */
        Queue: {
            /** @description `prf_…` */
            profile: string;
            /** @description IANA zone the slots are read in. */
            timezone: string;
            slots: components["schemas"]["QueueSlot"][];
            /** @description While paused, `queue: true` is refused with `queue_paused`; posts already queued keep their time. */
            paused: boolean;
            /** @description Last PUT; null for a profile whose queue was never set (an empty queue in UTC). */
            updatedAt: string | null;
        };
        /**
         * @example {
         *       "timezone": "Europe/Berlin",
         *       "slots": [
         *         {
         *           "day": "mon",
         *           "time": "09:30"
         *         },
         *         {
         *           "day": "thu",
         *           "time": "17:00"
         *         }
         *       ],
         *       "paused": false
         *     }
         */
        PutQueueRequest: {
            /** @description IANA zone name (Europe/Berlin, America/New_York); abbreviations are refused. */
            timezone: string;
            /** @description Weekly slots, replacing the current ones (duplicates are kept once). On a spring-forward day a slot inside the skipped hour moves forward by the gap (02:30 becomes 03:30 in the new offset); on a fall-back day a repeated time is its first occurrence. Removing a slot does not move posts already queued in it. */
            slots: components["schemas"]["QueueSlot"][];
            /** @description Default false. Pausing refuses new queued posts (`queue_paused`); posts already queued keep their time. */
            paused?: boolean;
        };
        /**
         * @example {
         *       "profile": "prf_Vb3kQ9sLw2Xe7Nd1",
         *       "timezone": "America/New_York",
         *       "paused": false,
         *       "slots": [
         *         {
         *           "at": "2027-03-14T07:30:00.000Z",
         *           "local": "2027-03-14T03:30:00-04:00"
         *         }
         *       ]
         *     }
         */
        QueueNextSlots: {
            profile: string;
            timezone: string;
            paused: boolean;
            /** @description The next free slots, first first: where the next `count` queued posts would go now. */
            slots: {
                /** @description The instant, UTC. */
                at: string;
                /** @description The same instant with the zone's offset then. */
                local: string;
            }[];
        };
        /**
         * @example {
         *       "id": "ser_Vb3kQ9sLw2Xe7Nd1Tq4Z",
         *       "kind": "recurring",
         *       "state": "active",
         *       "recurrence": "FREQ=WEEKLY;BYDAY=MO;COUNT=10",
         *       "timezone": "America/New_York",
         *       "start": "2027-03-08T09:00",
         *       "posts": [],
         *       "profile": null,
         *       "accounts": [
         *         "acc_7Hq2xWm9Lr4Tb8Zc"
         *       ],
         *       "text": "Monday tips",
         *       "textOverrides": {},
         *       "media": [],
         *       "mediaAlt": [],
         *       "mediaOverrides": {},
         *       "mediaAltOverrides": {},
         *       "platformOptions": {},
         *       "firstComment": null,
         *       "autoFix": null,
         *       "occurrencesCreated": 1,
         *       "nextOccurrenceAt": "2027-03-15T13:00:00.000Z",
         *       "nextPost": "post_9QmT4vXc2Lp8Rk6W",
         *       "upcoming": [
         *         {
         *           "at": "2027-03-15T13:00:00.000Z",
         *           "local": "2027-03-15T09:00:00-04:00"
         *         }
         *       ],
         *       "createdAt": "2027-03-01T10:00:00.000Z",
         *       "updatedAt": "2027-03-01T10:00:00.000Z"
         *     }
         */
        Series: {
            /** @description `ser_…` */
            id: string;
            /**
             * @description `recurring`: occurrences follow an RRULE (POST /v1/posts with `recurrence`). `evergreen`: `posts` are recycled in turn through the profile's queue (POST /v1/series).
             * @enum {string}
             */
            kind: "recurring" | "evergreen";
            /**
             * @description `active`: occurrences are made and sent. `paused`: none is made or sent; resuming skips the times that passed meanwhile. `ended`: the rule has no occurrence left (the last one may still be scheduled). `cancelled`: DELETE /v1/series/{id}, or its occurrence was rejected by an approver.
             * @enum {string}
             */
            state: "active" | "paused" | "ended" | "cancelled";
            /** @description The RRULE as stored, parts in canonical order (`FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10`); null for an evergreen series. */
            recurrence: string | null;
            /** @description IANA zone whose wall clock the occurrences follow. */
            timezone: string;
            /** @description DTSTART: the first occurrence's wall-clock time in `timezone`, `YYYY-MM-DDTHH:MM`, without offset; null for an evergreen series. */
            start: string | null;
            /** @description Evergreen: the `post_…` recycled in turn, each copy with the post's content and accounts as they are at that turn; empty for a recurring series. */
            posts: string[];
            /** @description `prf_…` the series was created for, when one was named. */
            profile: string | null;
            /** @description `acc_…` every occurrence is sent to (fixed at creation, like a scheduled post's targets); empty for an evergreen series, whose copies go to their post's accounts. */
            accounts: string[];
            text: string;
            textOverrides: {
                [key: string]: string;
            };
            media: string[];
            mediaAlt: string[];
            mediaOverrides: {
                [key: string]: string[];
            };
            mediaAltOverrides: {
                [key: string]: string[];
            };
            platformOptions: {
                [key: string]: {
                    [key: string]: unknown;
                };
            };
            /** @description Commented under each occurrence once live. */
            firstComment: {
                text: string;
            } | null;
            /** @description The creating request's `autoFix`; null when it sent none. */
            autoFix: (boolean | {
                /**
                 * @description `fill` (default) crops the picture to the network's ratio around `focalPoint`; `fit` keeps all of it and pads (white for JPEG, transparent for PNG).
                 * @enum {string}
                 */
                crop?: "fit" | "fill";
                /** @description Where a `fill` crop centres, as fractions of the picture as shown (0,0 top left, 1,1 bottom right); default the centre. */
                focalPoint?: {
                    x: number;
                    y: number;
                };
                /** @description Video: cut a clip longer than the network takes to its first N seconds (its `maxVideoSeconds`). Default false: a clip too long is refused, never cut unasked. */
                trim?: boolean;
            }) | null;
            /** @description Occurrence posts made so far (each is a post with `series` set: GET /v1/posts/{id}). */
            occurrencesCreated: number;
            /** @description UTC instant of the next occurrence not made yet; null when the rule has none left or the series was cancelled. */
            nextOccurrenceAt: string | null;
            /** @description `post_…` of the occurrence made and waiting to be sent (`scheduled`, or `pending_approval`); null when none waits. */
            nextPost: string | null;
            /** @description The next five times the rule names after now (active or paused series; empty otherwise). Across a spring-forward change the offset in `local` changes and the wall time stays. */
            upcoming: {
                /** @description UTC instant. */
                at: string;
                /** @description The same instant with the zone's offset then. */
                local: string;
            }[];
            createdAt: string;
            updatedAt: string;
        };
        /**
         * @example {
         *       "evergreen": {
         *         "profile": "prf_Vb3kQ9sLw2Xe7Nd1",
         *         "posts": [
         *           "post_9QmT4vXc2Lp8Rk6W",
         *           "post_2Hd8Lq5Wn1Xe4Vb7"
         *         ]
         *       }
         *     }
         */
        CreateSeriesRequest: {
            /** @description Recycle posts through a queue: one copy at a time, each a new scheduled post taking the next free slot of the profile's queue once the copy before it was sent, failed or cancelled; after the last post the first comes again, until paused or cancelled. A paused or empty queue makes no copy until it has a free slot again. */
            evergreen: {
                /** @description `prf_…` whose posting queue the copies take slots of (PUT /v1/profiles/{id}/queue). */
                profile: string;
                /** @description 1 to 50 `post_…` of this workspace (usually published ones), recycled in this order; duplicates are kept once. */
                posts: string[];
            };
        };
        SeriesList: {
            items: components["schemas"]["Series"][];
            cursor: string | null;
        };
        /**
         * @example {
         *       "text": "Monday tips, week by week",
         *       "recurrence": "FREQ=WEEKLY;BYDAY=MO,TH;COUNT=20"
         *     }
         */
        PatchSeriesRequest: {
            /** @description New text for every occurrence not sent yet. */
            text?: string;
            /** @description Per-network text, by platform id; wins over `text` for that network. */
            textOverrides?: {
                [key: string]: string;
            };
            /** @description `med_` ids from POST /v1/media, in order. */
            media?: string[];
            /** @description Alt text per item of `media`, same order. */
            mediaAlt?: string[];
            /** @description Per-network media (e.g. a 9:16 photo for TikTok, a video for YouTube). */
            mediaOverrides?: {
                [key: string]: string[];
            };
            /** @description Per-network alt texts, matching `mediaOverrides`. */
            mediaAltOverrides?: {
                [key: string]: string[];
            };
            /** @description A new IANA zone; the wall-clock times stay (09:00 is then 09:00 there). */
            timezone?: string;
            platformOptions?: components["schemas"]["PlatformOptions"];
            /** @description A new RRULE (same subset and errors as POST /v1/posts `recurrence`), read from the series' original start: occurrences already made stay, the next one is the first the new rule names after the latest made, and COUNT counts from the start. */
            recurrence?: string;
        };
        /**
         * @example {
         *       "platform": "bluesky",
         *       "name": "Bluesky",
         *       "kind": "open-protocol",
         *       "errorPrefix": null,
         *       "text": {
         *         "maxLength": 300,
         *         "counting": "graphemes",
         *         "notes": "At most 300 grapheme clusters and 3,000 UTF-8 bytes. Links, mentions and hashtags are sent as facets whose offsets are UTF-8 byte positions; a mention is resolved to the person's DID."
         *       },
         *       "media": {
         *         "required": false,
         *         "videoOnly": false,
         *         "maxImages": 4,
         *         "maxVideos": 1,
         *         "mixed": false,
         *         "imageFormats": [
         *           "image/jpeg",
         *           "image/png",
         *           "image/webp",
         *           "image/gif"
         *         ],
         *         "videoFormats": [
         *           "video/mp4"
         *         ],
         *         "maxImageBytes": 1000000,
         *         "maxVideoBytes": 100000000,
         *         "minWidth": null,
         *         "minHeight": null,
         *         "maxWidth": null,
         *         "maxHeight": null,
         *         "aspectRatio": null,
         *         "minVideoSeconds": null,
         *         "maxVideoSeconds": 180
         *       },
         *       "asynchronousPublishing": true,
         *       "connect": {
         *         "method": "app_password",
         *         "pkce": false,
         *         "variants": [],
         *         "scopes": [
         *           "com.atproto.appPass"
         *         ]
         *       },
         *       "targets": [],
         *       "rateLimits": [
         *         {
         *           "scope": "account_writes_hour",
         *           "limit": 5000,
         *           "windowSeconds": 3600,
         *           "notes": "Points per account (DID): a create costs 3, an update 2, a delete 1 (about 1,666 posts an hour)."
         *         },
         *         {
         *           "scope": "account_writes_day",
         *           "limit": 35000,
         *           "windowSeconds": 86400,
         *           "notes": "Points per account (DID), same costs as the hourly budget."
         *         },
         *         {
         *           "scope": "login_5min",
         *           "limit": 30,
         *           "windowSeconds": 300,
         *           "notes": "createSession per identifier and IP. Chorus keeps the session and refreshes it instead of logging in again."
         *         },
         *         {
         *           "scope": "login_day",
         *           "limit": 300,
         *           "windowSeconds": 86400,
         *           "notes": "createSession per identifier and IP on a PDS; Bluesky's entryway has been seen enforcing 100 per day."
         *         },
         *         {
         *           "scope": "blob_uploads_day",
         *           "limit": 1000,
         *           "windowSeconds": 86400,
         *           "notes": "uploadBlob per account."
         *         },
         *         {
         *           "scope": "ip_requests_5min",
         *           "limit": 3000,
         *           "windowSeconds": 300,
         *           "notes": "Every request from one IP address to one PDS."
         *         },
         *         {
         *           "scope": "video_uploads_day",
         *           "limit": 25,
         *           "windowSeconds": 86400,
         *           "notes": "Bluesky's video service: 25 videos or 10 GB per account per day."
         *         }
         *       ],
         *       "options": {
         *         "langs": {
         *           "type": "array",
         *           "required": false,
         *           "description": "Up to 3 BCP-47 language codes of the text, for example [\"en\", \"pt-BR\"]. Bluesky uses them for feeds and translation."
         *         },
         *         "tags": {
         *           "type": "array",
         *           "required": false,
         *           "description": "Up to 8 extra hashtags that do not appear in the text, without the leading #; each at most 64 graphemes."
         *         },
         *         "contentLabels": {
         *           "type": "array",
         *           "values": [
         *             "sexual",
         *             "nudity",
         *             "porn",
         *             "graphic-media"
         *           ],
         *           "required": false,
         *           "description": "Self-applied content warnings for adult or graphic media (the post's self-labels)."
         *         },
         *         "replyTo": {
         *           "type": "string",
         *           "required": false,
         *           "description": "AT URI (at://did/app.bsky.feed.post/rkey) or bsky.app URL of the post to reply to; the thread root is found automatically."
         *         },
         *         "quote": {
         *           "type": "string",
         *           "required": false,
         *           "description": "AT URI or bsky.app URL of a post to quote (embedded under the text, with the media when there is any)."
         *         },
         *         "replyRules": {
         *           "type": "array",
         *           "values": [
         *             "mentioned",
         *             "following",
         *             "followers"
         *           ],
         *           "required": false,
         *           "description": "Who may reply (a threadgate): people mentioned in the post, people you follow, your followers. An empty array means nobody; omit it to let everybody reply."
         *         },
         *         "disableQuotes": {
         *           "type": "boolean",
         *           "required": false,
         *           "description": "When true, nobody can quote the post (a postgate with a disable rule)."
         *         },
         *         "linkCard": {
         *           "type": "boolean",
         *           "required": false,
         *           "description": "When true (the default) and the post has no media, the first link in the text is shown as a card with its page title, description and image."
         *         }
         *       },
         *       "formats": [
         *         {
         *           "id": "video",
         *           "description": "A video post: the MP4 through Bluesky's video service (uploadVideo, then the job polled), embedded as app.bsky.embed.video.",
         *           "selectedBy": "media: one video",
         *           "media": {
         *             "kinds": [
         *               "video"
         *             ],
         *             "minItems": 1,
         *             "maxItems": 1,
         *             "minVideoSeconds": null,
         *             "maxVideoSeconds": 180,
         *             "maxAspectRatio": null
         *           },
         *           "limits": {}
         *         }
         *       ],
         *       "reads": [
         *         "notifications",
         *         "notifications_seen",
         *         "conversations",
         *         "comments",
         *         "post_analytics",
         *         "account_analytics",
         *         "posts",
         *         "followers",
         *         "following",
         *         "post_search",
         *         "public_profiles",
         *         "public_profile_posts"
         *       ],
         *       "engagements": [
         *         "like",
         *         "unlike",
         *         "repost",
         *         "unrepost",
         *         "bookmark",
         *         "unbookmark",
         *         "follow",
         *         "unfollow",
         *         "block",
         *         "unblock",
         *         "mute",
         *         "unmute"
         *       ],
         *       "comments": {
         *         "reply": true,
         *         "hide": true,
         *         "delete": true,
         *         "nested": true
         *       },
         *       "messaging": [
         *         "conversations",
         *         "messages",
         *         "send"
         *       ],
         *       "live": [],
         *       "analytics": {
         *         "post": true,
         *         "account": true,
         *         "minRefreshSeconds": 60,
         *         "metrics": {
         *           "views": null,
         *           "reach": null,
         *           "likes": "likeCount",
         *           "comments": "replyCount",
         *           "shares": "repostCount + quoteCount",
         *           "saves": "bookmarkCount",
         *           "clicks": null,
         *           "videoViews": null,
         *           "watchTimeSeconds": null,
         *           "followers": "followersCount"
         *         }
         *       },
         *       "publishing": {
         *         "firstComment": {
         *           "supported": true,
         *           "maxLength": 300,
         *           "counting": "graphemes",
         *           "media": {
         *             "maxItems": 4,
         *             "mimeTypes": [
         *               "image/jpeg",
         *               "image/png",
         *               "image/webp"
         *             ],
         *             "maxBytes": 1000000
         *           }
         *         },
         *         "thread": {
         *           "maxItems": 25,
         *           "itemMaxLength": 300,
         *           "itemMaxImages": 4,
         *           "itemMaxVideos": 1
         *         },
         *         "editable": []
         *       }
         *     }
         */
        Platform: {
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            /** @description The network's product name. */
            name: string;
            /** @description The spec's neutral name for the kind of network. */
            kind: string;
            /** @description Prefix of error codes specific to this network, or null. */
            errorPrefix: string | null;
            text: {
                /** @description Longest text accepted, in the unit `counting` names. */
                maxLength: number;
                /**
                 * @description How length is counted: Unicode code points, X's weighted rules (URLs 23, CJK and emoji 2), grapheme clusters, or UTF-8 bytes.
                 * @enum {string}
                 */
                counting: "characters" | "weighted" | "graphemes" | "bytes";
                /** @description Anything else about text the network enforces. */
                notes?: string;
            };
            media: {
                required: boolean;
                videoOnly: boolean;
                /** @description Most images in one post; 0 when images are not accepted. */
                maxImages: number;
                maxVideos: number;
                /** @description Whether images and video can share one post. */
                mixed: boolean;
                imageFormats: string[];
                videoFormats: string[];
                maxImageBytes: number | null;
                maxVideoBytes: number | null;
                minWidth: number | null;
                minHeight: number | null;
                maxWidth: number | null;
                maxHeight: number | null;
                aspectRatio: {
                    min: number;
                    max: number;
                } | null;
                minVideoSeconds: number | null;
                maxVideoSeconds: number | null;
            };
            /** @description Whether a publish ends in `processing` and is finished by polling. */
            asynchronousPublishing: boolean;
            connect: {
                /** @enum {string} */
                method: "oauth2" | "app_password";
                pkce: boolean;
                variants: string[];
                scopes: string[];
            };
            /** @description Kinds of destination inside an account (page, board, location, organization). */
            targets: string[];
            /** @description The network's own limits Chorus paces against. */
            rateLimits: {
                scope: string;
                limit: number;
                windowSeconds: number;
                notes?: string;
            }[];
            /** @description Every `platformOptions.<platform>` field with its type and valid values. */
            options: {
                [key: string]: {
                    /**
                     * @description JSON type of the option's value.
                     * @enum {string}
                     */
                    type: "string" | "integer" | "boolean" | "array" | "object";
                    /** @description The only accepted values, when the option is an enumeration. */
                    values?: string[];
                    /** @description Longest accepted value, for strings. */
                    maxLength?: number;
                    /** @description Whether a post to this network must set the option. */
                    required: boolean;
                    /** @description What the option does. */
                    description: string;
                    /** @description Objects: their string fields, under the names the network gives them; no other field is accepted. */
                    fields?: {
                        [key: string]: {
                            /** @description The only accepted values, when the field is an enumeration. */
                            values?: string[];
                            /** @description Whether the object must have the field. */
                            required: boolean;
                            /** @description What the field does. */
                            description: string;
                        };
                    };
                };
            };
            /** @description Publishing formats beyond a plain post (carousels, polls, reels, stories, Shorts, video and carousel pins, photo posts) with their limits; POST /v1/posts/validate and publishing enforce the same limits. */
            formats: {
                /** @description The format's name (`carousel`, `poll`, `reel`, `short`, ...). */
                id: string;
                /** @description What the network publishes in this format. */
                description: string;
                /** @description How a post asks for it: the media it carries or the `platformOptions` value that selects it. */
                selectedBy: string;
                /** @description The media it takes; null when it takes none (a poll is text only). */
                media: {
                    /** @description Kinds of media it takes (`document`: PDF, DOCX, PPTX). */
                    kinds: ("image" | "video" | "document")[];
                    minItems: number;
                    maxItems: number;
                    minVideoSeconds: number | null;
                    maxVideoSeconds: number | null;
                    /** @description Widest width:height it takes (1: square or taller), where narrower than the network's own bounds. */
                    maxAspectRatio: number | null;
                } | null;
                /** @description Limits of the format's own fields (a poll's `minOptions`, `maxOptions`, `optionMaxLength`, durations). */
                limits: {
                    [key: string]: number;
                };
            }[];
            /** @description What Chorus can read from this network's accounts (`notifications`, `comments`, `conversations`, ...). */
            reads: string[];
            /** @description Values of `action` that POST /v1/engagements accepts for this network. */
            engagements: string[];
            /** @description Comment moderation: replying, hiding, deleting others' comments, and reading whole threads (`nested`). */
            comments: {
                reply: boolean;
                hide: boolean;
                delete: boolean;
                nested: boolean;
            };
            /** @description Direct-message features (`conversations`, `send`, ...); empty when the network has none through Chorus. */
            messaging: string[];
            /** @description Analytics: which reads work and how the network's metrics map to Chorus's. */
            analytics: {
                /** @description Whether GET /v1/posts/{id}/analytics can read this network's posts. */
                post: boolean;
                /** @description Whether GET /v1/analytics can read this network's accounts. */
                account: boolean;
                /** @description Youngest cached result `refresh=true` replaces; a younger one is answered from the cache. */
                minRefreshSeconds: number | null;
                /** @description The network's own current metric name behind each normalised metric (`views`, `reach`, `likes`, `comments`, `shares`, `saves`, `clicks`, `videoViews`, `watchTimeSeconds`, `followers`); null where the network publishes none. */
                metrics: {
                    [key: string]: string | null;
                };
            };
            /** @description First comments, thread chains and edits after publishing on this network. */
            publishing: {
                /** @description The first comment (POST /v1/posts `firstComment`, or `platformOptions.<network>.firstComment`). */
                firstComment: {
                    /** @description Whether `firstComment` is posted under this network's posts; false: a target with one is refused with `first_comment_unsupported`. */
                    supported: boolean;
                    /** @description Longest comment text, in `counting`; null where unsupported. */
                    maxLength: number | null;
                    counting: ("characters" | "weighted" | "graphemes" | "bytes") | null;
                    /** @description What `firstComment.media` may attach; null: text only, media refused with `first_comment_media_unsupported`. */
                    media: {
                        maxItems: number;
                        mimeTypes: string[];
                        /** @description Largest file, in bytes. */
                        maxBytes: number;
                    } | null;
                };
                /** @description Thread chains (`thread`); null: a target with one is refused with `thread_unsupported`. */
                thread: {
                    /** @description Most items in one chain, the post itself included. */
                    maxItems: number;
                    /** @description Each item's text limit: a post's (`text.maxLength`, counted the same way). */
                    itemMaxLength: number;
                    /** @description Each item's image limit: a post's (`media.maxImages`). */
                    itemMaxImages: number;
                    /** @description Each item's video limit: a post's (`media.maxVideos`). */
                    itemMaxVideos: number;
                } | null;
                /** @description What PATCH /v1/posts/{id} can change on a published post here: `text`, or a `platformOptions.<network>` name. Empty: every change is refused for this network with `edit_unsupported` (delete and post again). */
                editable: string[];
            };
            /** @description Live broadcast operations under /v1/social-accounts/{id}/live-broadcasts (`create`, `read`, `start`, `end`, `credentials`); empty when the network cannot go live through Chorus, and those routes answer 400 `capability_unsupported`. */
            live: string[];
        };
        PlatformList: {
            items: components["schemas"]["Platform"][];
            cursor: null;
        };
        /**
         * @example {
         *       "id": "acc_7Hq2xWm9Lr4Tb8Zc",
         *       "platform": "bluesky",
         *       "handle": "ada.bsky.social",
         *       "displayName": "Ada Lovelace",
         *       "avatarUrl": null,
         *       "profileId": "prf_Vb3kQ9sLw2Xe7Nd1",
         *       "status": "active",
         *       "mode": "test",
         *       "connectedAt": "2026-11-24T09:00:00.000Z",
         *       "tokenExpiresAt": "2026-11-24T11:00:00.000Z",
         *       "connectVariant": null,
         *       "discovers": {
         *         "creators": false
         *       },
         *       "blocked": null
         *     }
         */
        SocialAccount: {
            /** @description `acc_…` */
            id: string;
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            handle: string;
            displayName: string | null;
            avatarUrl: string | null;
            /** @description Owning profile (`prf_…`), or null. */
            profileId: string | null;
            /**
             * @description `active`: usable. `needs_reauth`: the connection expired or was revoked and could not be renewed; calls fail with `needs_reauth` until the account is connected again. `disconnected`: removed with DELETE.
             * @enum {string}
             */
            status: "active" | "needs_reauth" | "disconnected";
            /**
             * @description `test` accounts live on the sandbox networks; test keys see only test accounts, live keys only live ones.
             * @enum {string}
             */
            mode: "test" | "live";
            /** Format: date-time */
            connectedAt: string;
            /** @description When the current access token expires; Chorus refreshes it before then. */
            tokenExpiresAt: string | null;
            /** @description The door the account came through: Instagram `facebook_login` or `instagram_login`, LinkedIn `member` or `organization`; null on other networks. */
            connectVariant: ("facebook_login" | "instagram_login" | "member" | "organization") | null;
            discovers: {
                /** @description Whether creator search works on this account. */
                creators: boolean;
            };
            /** @description Why the account cannot publish (e.g. the plan excludes the network), or null. */
            blocked: {
                reason: string;
                since: string;
            } | null;
        };
        /**
         * @example {
         *       "platform": "bluesky",
         *       "handle": "ada.bsky.social",
         *       "appPassword": "abcd-efgh-ijkl-mnop",
         *       "profile": "ada"
         *     }
         */
        ConnectAccountRequest: {
            /**
             * @description The network to connect.
             * @enum {string}
             */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            /** @description Username of the profile that will own the account. */
            profile?: string;
            /** @description Bluesky: the handle to log in as. Test keys: the sandbox account to connect on any network. */
            handle?: string;
            /** @description Bluesky: an app password (Settings > Privacy and security > App passwords). Never the main password. */
            appPassword?: string;
            /**
             * @description Instagram: which door to connect through (default `instagram_login`). LinkedIn: `member` or `organization`, among the products the app has (default the most capable).
             * @enum {string}
             */
            variant?: "facebook_login" | "instagram_login" | "member" | "organization";
        };
        SocialAccountList: {
            accounts: components["schemas"]["SocialAccount"][];
            nextCursor: string | null;
        };
        /**
         * @example {
         *       "id": "acc_7Hq2xWm9Lr4Tb8Zc",
         *       "disconnected": true,
         *       "revoked": true
         *     }
         */
        DisconnectResult: {
            id: string;
            /** @constant */
            disconnected: true;
            /** @description Whether the network confirmed the revocation. */
            revoked: boolean;
        };
        AccountTargetList: {
            items: {
                /** @description The network's id of the destination; pass it as the network's target option when posting (`pageId`, `boardId`, `location`, `author`). */
                id: string;
                name: string;
                /**
                 * @description Facebook pages, Pinterest boards, Google Business locations, LinkedIn organisations.
                 * @enum {string}
                 */
                kind: "page" | "board" | "location" | "organization" | "channel";
                /** @description Facts that help choose: board privacy, page category and tasks, location address. */
                details: {
                    [key: string]: (string | number | boolean) | null;
                };
            }[];
            /** @description Always null: the network's whole list is returned at once. */
            cursor: null;
        };
        PublishInfo: {
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            creatorUsername: string;
            creatorNickname: string | null;
            creatorAvatarUrl: string | null;
            /** @description The only `platformOptions.tiktok.privacyLevel` values this creator may use now. */
            privacyLevelOptions: string[];
            /** @description The creator switched comments off: posts cannot enable them. */
            commentDisabled: boolean;
            duetDisabled: boolean;
            stitchDisabled: boolean;
            /** @description Longest video this creator may post, in seconds. */
            maxVideoPostDurationSec: number;
        };
        /**
         * @description Posts left in the network's own rolling window. Networks that publish no per-account posting window (their limits are per app, per project or per post type, see `rateLimits` in GET /v1/platforms) answer 400 `capability_unsupported` rather than a made-up number.
         * @example {
         *       "used": 3,
         *       "limit": 100,
         *       "remaining": 97,
         *       "windowHours": 24,
         *       "platform": "instagram",
         *       "source": "network"
         *     }
         */
        Allowance: {
            /** @description Posts counted in the current window. */
            used: number;
            /** @description Posts the network allows per window. */
            limit: number;
            /** @description `limit - used`, never below 0. */
            remaining: number;
            /** @description Length of the network's rolling window. */
            windowHours: number;
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            /**
             * @description `network`: read live from the network (Instagram's content_publishing_limit, Threads' threads_publishing_limit), counting posts made from any app. `documented`: the network has no endpoint for it, so `limit` and `windowHours` are its documented per-account window (TikTok: about 15 direct posts per creator per 24 hours) and `used` counts only the posts Chorus sent through this account, a lower bound.
             * @enum {string}
             */
            source: "network" | "documented";
        };
        /**
         * @example {
         *       "account": "acc_7Hq2xWm9Lr4Tb8Zc",
         *       "platform": "bluesky",
         *       "ok": true
         *     }
         */
        NetworkProfileResult: {
            /** @description `acc_…` */
            account: string;
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            /** @description True once the network accepted the change. */
            ok: boolean;
        };
        /**
         * @description At least one field; only the fields sent change on the network.
         * @example {
         *       "displayName": "Ada Lovelace",
         *       "bio": "Analytical engines and poetry."
         *     }
         */
        UpdateNetworkProfileRequest: {
            /** @description New display name; an empty string clears it. The network's own limit applies (Bluesky: 64 characters). */
            displayName?: string;
            /** @description New bio; an empty string clears it (Bluesky: 256 characters). */
            bio?: string;
            /**
             * Format: uri
             * @description Public https URL of a PNG or JPEG; Chorus downloads and uploads it for you.
             */
            avatarUrl?: string;
            /**
             * Format: uri
             * @description Public https URL of a PNG or JPEG banner.
             */
            bannerUrl?: string;
        };
        WebhookSubscription: {
            /** @description Whether the network confirmed the subscription (Facebook: for every page the person manages). */
            subscribed: boolean;
            /** @description The fields as the network names them (Instagram's own login calls `feed` and `mention` `comments` and `mentions`). */
            fields: string[];
        };
        /**
         * @example {
         *       "fields": [
         *         "feed",
         *         "mention",
         *         "messages"
         *       ]
         *     }
         */
        SubscribeWebhookRequest: {
            /**
             * @description Webhook fields to subscribe the account to; default `feed`, `mention`, `messages`.
             * @default [
             *       "feed",
             *       "mention",
             *       "messages"
             *     ]
             */
            fields: string[];
        };
        AdAccountList: {
            items: {
                /** @description The network's ad account id (`act_…` on Meta). */
                id: string;
                name: string;
                currency: string | null;
                /** @description The network's account status, or null where it publishes none (Pinterest). */
                status: string | null;
            }[];
            /** @description Always null: the network's whole list is returned at once. */
            cursor: null;
        };
        BrandedPartnerList: {
            partners: {
                id: string;
                handle: string;
                /** @description A separate grant that lets the partner run the post as an ad; permission to tag does not imply it. */
                canPromote: boolean;
            }[];
        };
        ChannelEventList: {
            items: {
                id: string;
                name: string;
                /** @description Scheduled start, ISO 8601. */
                startTime: string | null;
                endTime: string | null;
                url: string | null;
            }[];
            /** @description Always null: the network's whole list is returned at once. */
            cursor: null;
        };
        /**
         * @example {
         *       "platform": "linkedin",
         *       "clientId": "86abcdefgh1234",
         *       "products": [
         *         "member",
         *         "organization"
         *       ],
         *       "createdAt": "2026-11-24T09:00:00.000Z",
         *       "updatedAt": "2026-11-24T09:00:00.000Z"
         *     }
         */
        Credential: {
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            clientId: string;
            /** @description The products the app was saved with (LinkedIn), or null for the server's setting. */
            products: string[] | null;
            /** Format: date-time */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the credentials were last replaced.
             */
            updatedAt: string;
        };
        /**
         * @example {
         *       "platform": "linkedin",
         *       "clientId": "86abcdefgh1234",
         *       "clientSecret": "WPL_AP1.example-secret"
         *     }
         */
        SaveCredentialsRequest: {
            /**
             * @description The network the app is registered with. Bluesky takes none: it connects with app passwords.
             * @enum {string}
             */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            /** @description Your app's client id (X client ID, TikTok client key, Meta app id, Google OAuth client id, …). */
            clientId: string;
            /** @description Your app's client secret. Write-only: stored encrypted and never returned. */
            clientSecret: string;
            /** @description LinkedIn only: the products your app has, `member` (Sign In with LinkedIn using OpenID Connect + Share on LinkedIn) and/or `organization` (Community Management API). Connections through this app offer one door per product and ask only for its permissions. Omitted: the server's CHORUS_LINKEDIN_PRODUCTS (default `member`). With a test key the simulated LinkedIn grants this app exactly these products. */
            products?: ("member" | "organization")[];
        };
        CredentialList: {
            items: components["schemas"]["Credential"][];
            /** @description Always null: one entry per network at most. */
            cursor: null;
        };
        /**
         * @example {
         *       "platform": "linkedin",
         *       "deleted": true
         *     }
         */
        DeleteCredentialsResult: {
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            /** @constant */
            deleted: true;
        };
        /**
         * @example {
         *       "url": "http://localhost:8787/connect/cl_Yt6Bn2Vx8Qk4Lm1Rz7Pd3Hs",
         *       "expiresAt": "2026-11-24T09:15:00.000Z"
         *     }
         */
        ConnectLink: {
            /**
             * Format: uri
             * @description The page to open in a browser. Anyone holding it can connect accounts to your workspace until it expires: hand it only to the person connecting.
             */
            url: string;
            /**
             * Format: date-time
             * @description When the link stops working (15 minutes after it was made).
             */
            expiresAt: string;
        };
        /**
         * @example {
         *       "profile": "ada",
         *       "platforms": [
         *         "instagram",
         *         "linkedin"
         *       ],
         *       "returnUrl": "https://app.example.com/connected"
         *     }
         */
        CreateConnectLinkRequest: {
            /** @description Username of the profile new accounts are attached to. */
            profile?: string;
            /** @description Where the person's browser is sent when they finish, with the outcome in the query: `status=connected&account=acc_…&platform=…`, `status=denied&platform=…`, or `status=error&code=…&message=…&platform=…`. Absolute https URL of at most 2,048 characters; http only for localhost and 127.0.0.1. Without it, Chorus shows its own result page. */
            returnUrl?: string;
            /** @description The networks the page offers; all ten when omitted. */
            platforms?: ("tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness")[];
        };
        UploadSession: {
            /** @description `upl_…` */
            id: string;
            filename: string;
            contentType: string;
            size: number;
            /** @description Every part but the last has exactly this many bytes; the last has the rest. */
            partSize: number;
            /** @enum {string} */
            state: "open" | "completing" | "completed" | "aborted";
            parts: {
                number: number;
                url: string;
            }[];
            /** @description Parts stored so far. */
            received: {
                number: number;
                bytes: number;
            }[];
            /** @description The `med_` id once completed. */
            media: string | null;
            /** @description An unfinished session and its parts are dropped after this (24 hours). */
            expiresAt: string;
            createdAt: string;
        };
        /**
         * @example {
         *       "filename": "launch.mp4",
         *       "contentType": "video/mp4",
         *       "size": 1073741824
         *     }
         */
        CreateUploadRequest: {
            /** @description The file's name, kept for display. */
            filename: string;
            /**
             * @description The file's type; the completed file's bytes must be this format.
             * @enum {string}
             */
            contentType: "image/jpeg" | "image/png" | "image/webp" | "image/gif" | "video/mp4" | "video/quicktime" | "application/pdf" | "application/vnd.openxmlformats-officedocument.wordprocessingml.document" | "application/vnd.openxmlformats-officedocument.presentationml.presentation" | "image/jpg";
            /** @description The file's size in bytes: video at most 5 GB (5,368,709,120), images 20 MB. */
            size: number;
        };
        UploadPartResult: {
            number: number;
            bytes: number;
        };
        /**
         * @example {
         *       "id": "med_5Fz8Kq1Wn3Ys7Hd2",
         *       "kind": "image",
         *       "mimeType": "image/png",
         *       "bytes": 48213,
         *       "width": 1200,
         *       "height": 800,
         *       "durationSeconds": null,
         *       "createdAt": "2026-11-24T09:00:00.000Z",
         *       "expiresAt": null
         *     }
         */
        Media: {
            /** @description `med_…`; put it in a post's `media`. */
            id: string;
            /**
             * @description `video` for MP4 and MOV, `document` for PDF, DOCX and PPTX (LinkedIn document posts; width and height are 0), `image` otherwise.
             * @enum {string}
             */
            kind: "image" | "video" | "document";
            /**
             * @description The format read from the file's bytes (which the upload's Content-Type had to match).
             * @enum {string}
             */
            mimeType: "image/jpeg" | "image/png" | "image/webp" | "image/gif" | "video/mp4" | "video/quicktime" | "application/pdf" | "application/vnd.openxmlformats-officedocument.wordprocessingml.document" | "application/vnd.openxmlformats-officedocument.presentationml.presentation";
            /** @description Size of the file in bytes. */
            bytes: number;
            /** @description Pixels, read from the file. Video: the display size of the first video track, so a clip recorded in portrait is reported as portrait. */
            width: number;
            /** @description Pixels, read from the file (see `width`). */
            height: number;
            /** @description Video: length in seconds (millisecond precision) from the movie header. Images: null. */
            durationSeconds: number | null;
            /** Format: date-time */
            createdAt: string;
            /** @description When the file will be removed; null: kept until DELETE /v1/media/{id}. */
            expiresAt: string | null;
        };
        AbortUploadResult: {
            id: string;
            /** @constant */
            aborted: true;
        };
        /**
         * @example {
         *       "url": "https://images.example.com/robin.png"
         *     }
         */
        ImportMediaRequest: {
            /**
             * Format: uri
             * @description An https URL that answers with the file (at most 512 MB; within 3 redirects, all https).
             */
            url: string;
            /**
             * @description The type you expect; refused with `media_type_mismatch` when the bytes are another format. Omitted: read from the bytes (the server's Content-Type is not trusted).
             * @enum {string}
             */
            contentType?: "image/jpeg" | "image/png" | "image/webp" | "image/gif" | "video/mp4" | "video/quicktime" | "application/pdf" | "application/vnd.openxmlformats-officedocument.wordprocessingml.document" | "application/vnd.openxmlformats-officedocument.presentationml.presentation" | "image/jpg";
        };
        MediaList: {
            items: components["schemas"]["Media"][];
            cursor: string | null;
        };
        MediaDetail: {
            /** @description `med_…`; put it in a post's `media`. */
            id: string;
            /**
             * @description `video` for MP4 and MOV, `document` for PDF, DOCX and PPTX (LinkedIn document posts; width and height are 0), `image` otherwise.
             * @enum {string}
             */
            kind: "image" | "video" | "document";
            /**
             * @description The format read from the file's bytes (which the upload's Content-Type had to match).
             * @enum {string}
             */
            mimeType: "image/jpeg" | "image/png" | "image/webp" | "image/gif" | "video/mp4" | "video/quicktime" | "application/pdf" | "application/vnd.openxmlformats-officedocument.wordprocessingml.document" | "application/vnd.openxmlformats-officedocument.presentationml.presentation";
            /** @description Size of the file in bytes. */
            bytes: number;
            /** @description Pixels, read from the file. Video: the display size of the first video track, so a clip recorded in portrait is reported as portrait. */
            width: number;
            /** @description Pixels, read from the file (see `width`). */
            height: number;
            /** @description Video: length in seconds (millisecond precision) from the movie header. Images: null. */
            durationSeconds: number | null;
            /** Format: date-time */
            createdAt: string;
            /** @description When the file will be removed; null: kept until DELETE /v1/media/{id}. */
            expiresAt: string | null;
            /** @description Posts that use the file (newest first, at most 100; a narrowed agent sees those in its grant). `needsMedia`: the post still reads it, so DELETE is refused. */
            usedBy: {
                post: string;
                state: string;
                scheduledAt: string | null;
                needsMedia: boolean;
            }[];
            /** @description Copies derived for networks (resized, converted); empty until a transform has made one. */
            variants: {
                /** @description The transform that made it (network and target size or format). */
                recipe: string;
                url: string;
                width: number;
                height: number;
                bytes: number;
            }[];
        };
        /**
         * @example {
         *       "id": "med_5Fz8Kq1Wn3Ys7Hd2",
         *       "deleted": true
         *     }
         */
        DeleteMediaResult: {
            id: string;
            /** @constant */
            deleted: true;
        };
        /**
         * @example {
         *       "account": "acc_7Hq2xWm9Lr4Tb8Zc",
         *       "platform": "bluesky",
         *       "fault": "rate_limited",
         *       "delayMs": null
         *     }
         */
        SandboxFault: {
            /** @description `acc_…` */
            account: string;
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            fault: ("expired_token" | "revoked_permission" | "rate_limited" | "slow" | "down") | null;
            /** @description The delay of a `slow` account; null for other faults. */
            delayMs: number | null;
        };
        /**
         * @example {
         *       "fault": "rate_limited"
         *     }
         */
        SetSandboxFaultRequest: {
            /** @description `expired_token`: this connection's access token expires now, once; the next call renews it where the network can (X, TikTok, Pinterest, LinkedIn, YouTube, Google Business, Bluesky) and otherwise the account turns `needs_reauth` (Facebook, Instagram and Threads renew a token with the token itself). `revoked_permission`: the person withdrew a permission; calls fail with `missing_scope` or `missing_permission`. `rate_limited`: the network throttles the account (429 `rate_limited`, with `Retry-After` where the network sends one). `down`: the network fails (`platform_unavailable`, retryable). `slow`: the network answers after `delayMs`. `null` clears the fault. Faults other than `expired_token` belong to the simulated person, so every sandbox connection to the same handle in this workspace sees them; each workspace has its own simulated people, so no other workspace is affected. */
            fault: ("expired_token" | "revoked_permission" | "rate_limited" | "slow" | "down") | null;
            /** @description With `slow` only: how long the network takes to answer, 0 to 30000 ms; default 3000. */
            delayMs?: number;
        };
        /**
         * @example {
         *       "account": "acc_7Hq2xWm9Lr4Tb8Zc",
         *       "platform": "instagram",
         *       "kind": "comment",
         *       "id": "17858893269000001",
         *       "networkPostId": "17895695668004550",
         *       "recorded": true
         *     }
         */
        SandboxInboundResult: {
            /** @description `acc_…` */
            account: string;
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            /** @enum {string} */
            kind: "comment" | "mention" | "message";
            /** @description The network's id of the new comment, mention or message, as the event carries it: on X, Bluesky, YouTube and LinkedIn the simulated network's own id, so POST /v1/comments/{id}/replies, hiding and GET /v1/posts/{id}/comments find it as on the real network. */
            id: string;
            /** @description The post the comment or mention is on; null for messages. */
            networkPostId: string | null;
            /** @description Whether an event was recorded for your webhooks: false for your own reply, for X and Bluesky messages (the next inbox poll records them), and on polled networks when no webhook endpoint listens to the event (nothing polls the account then). */
            recorded: boolean;
        };
        /**
         * @example {
         *       "kind": "comment",
         *       "text": "Is this available in blue?",
         *       "from": "ada.visitor"
         *     }
         */
        SandboxInboundRequest: {
            /**
             * @description `comment`: someone comments on the account's latest post published through Chorus → `comment.received` (on Facebook, Instagram and Threads a simulated post stands in when Chorus published none; on X, Bluesky, YouTube and LinkedIn the post must exist, 404 `resource_not_found` otherwise). `mention`: someone mentions the account → `mention.received`. `message`: someone sends the account a direct message, which GET /v1/conversations then lists → `message.received` on Facebook and Instagram (the networks that push messages); on X and Bluesky the network keeps the message (`recorded: false`) and the account's next inbox poll delivers it as `message.received` (X is read every 5 minutes, Bluesky every minute, once a webhook endpoint listens). Networks without the kind answer 400 `capability_unsupported`.
             * @enum {string}
             */
            kind: "comment" | "mention" | "message";
            /** @description What the simulated person writes (1 to 2,000 characters). */
            text: string;
            /** @description The simulated person's handle (letters, digits, `.`, `_`, `-`; default `sandbox_visitor`; on Bluesky a domain handle, default `visitor.sandbox.bsky.social`, and a handle that is no domain is 400 `field_invalid`, as Bluesky has no such account); the same handle is the same sender id. Your own account's handle makes it your own reply, which is never delivered, as on the real network. */
            from?: string;
        };
        SandboxActivity: {
            /** @description `acc_…` acted upon. */
            account: string;
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            /** @enum {string} */
            action: "like" | "reply" | "mention" | "follow" | "repost" | "quote" | "review";
            actor: {
                id: string;
                handle: string;
                displayName: string | null;
                avatarUrl: string | null;
                url: string | null;
                /** @enum {string} */
                platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            };
            /** @description The network id of what the person created (their like, reply, follow, ...); notifications name it as their `id`. */
            networkId: string;
        };
        /**
         * @example {
         *       "action": "like",
         *       "post": "post_9Fk2Lm7Qx3Vb8Nc1"
         *     }
         */
        SimulateSandboxActivityRequest: {
            /**
             * @description What the simulated person does: `like`, `repost`, `quote` or `reply` to the account's post named in `post`; `mention` or `follow` the account; `review` a location or page of the account (Google Business, Facebook).
             * @enum {string}
             */
            action: "like" | "reply" | "mention" | "follow" | "repost" | "quote" | "review";
            /** @description Required for like, repost, quote and reply: a `post_` id published on this account, or the post's `networkPostId`. */
            post?: string;
            /** @description Text of a reply, quote or mention; a sandbox default otherwise. */
            text?: string;
            /** @description Required for `review`: 1 to 5 stars on Google Business, `positive` or `negative` (a recommendation) on Facebook. */
            rating?: number | ("positive" | "negative");
            /** @description For `review`: the location or page reviewed, an id of GET /v1/social-accounts/{id}/targets; the account's first one otherwise. */
            target?: string;
            /** @description Handle of the simulated person acting, created on first use; a default sandbox person otherwise. */
            actor?: string;
        };
        /**
         * @example {
         *       "valid": false,
         *       "targets": [
         *         {
         *           "account": "acc_7Hq2xWm9Lr4Tb8Zc",
         *           "platform": "bluesky",
         *           "handle": "ada.bsky.social",
         *           "errors": [
         *             {
         *               "code": "text_too_long",
         *               "param": "text",
         *               "message": "The text is 312 graphemes; Bluesky allows 300.",
         *               "fix": "Shorten `text` to 300 graphemes, or set `textOverrides.bluesky`."
         *             }
         *           ],
         *           "warnings": []
         *         }
         *       ]
         *     }
         */
        ValidationReport: {
            /** @description True when no target has a blocking error. */
            valid: boolean;
            targets: {
                account: string;
                platform: string;
                handle: string;
                errors: {
                    code: string;
                    param: string | null;
                    message: string;
                    fix: string | null;
                }[];
                warnings: {
                    code: string;
                    param: string | null;
                    message: string;
                    fix: string | null;
                }[];
            }[];
        };
        /**
         * @example {
         *       "text": "2/ And here is why it matters."
         *     }
         */
        ThreadItem: {
            /** @description The item's text, checked by the network's rules like a post's. */
            text: string;
            /** @description `med_` ids from POST /v1/media. */
            media?: string[];
            /** @description Alt text per item of `media`, same order. */
            mediaAlt?: string[];
        };
        /**
         * @example {
         *       "text": "Hello from Chorus!",
         *       "accounts": [
         *         "acc_7Hq2xWm9Lr4Tb8Zc"
         *       ]
         *     }
         */
        ValidatePostRequest: {
            /** @description The post text. Media-only posts send a caption or a space. */
            text: string;
            /** @description Per-network text, by platform id; wins over `text` for that network. */
            textOverrides?: {
                [key: string]: string;
            };
            /** @description `med_` ids from POST /v1/media, in order. */
            media?: string[];
            /** @description Alt text per item of `media`, same order. */
            mediaAlt?: string[];
            /** @description Per-network media (e.g. a 9:16 photo for TikTok, a video for YouTube). */
            mediaOverrides?: {
                [key: string]: string[];
            };
            /** @description Per-network alt texts, matching `mediaOverrides`. */
            mediaAltOverrides?: {
                [key: string]: string[];
            };
            /** @description Future ISO 8601 date-time, checked strictly (the date must exist, years 0001-9999; otherwise 400 `timestamp_invalid`). With `Z` or an offset it is an instant; without one it is wall-clock time in `timezone`, and refused when no `timezone` is sent (on PATCH, the post's own zone counts). Omit to publish now. */
            scheduledAt?: string;
            /** @description IANA zone name (e.g. Europe/Berlin); only with scheduledAt. Abbreviations are refused. */
            timezone?: string;
            platformOptions?: components["schemas"]["PlatformOptions"];
            /** @description Posted as the first comment under each target's post once it is live (after processing on Instagram and YouTube): on Instagram, Facebook pages, LinkedIn and YouTube a comment, on X, Threads and Bluesky a reply by the account. Text, and images where the network's comment takes them (`media`). A target's own `platformOptions.<network>.firstComment` (`{ text }`) wins, and `false` posts none there. TikTok, Pinterest and Google Business have no comment API: a target there with a first comment is refused with `first_comment_unsupported`. Free, except on X, where it is billed as a post (one credit), as replies are. Its outcome is `targets[].firstComment`; it never changes the post's own state. */
            firstComment?: {
                /** @description The comment's text, counted the network's way (the limit is in the description of `platformOptions.<network>.firstComment`). */
                text: string;
                /** @description `med_` ids attached to the comment, where the network's comment takes files: X (up to 4 images, JPEG/PNG/WebP, 5 MB), Bluesky (up to 4 images, 1,000,000 bytes) and Facebook pages (one image or GIF, sent as `attachment_url`). Elsewhere a comment is text only and a target with comment media is refused with `first_comment_media_unsupported` (GET /v1/platforms: `firstComment.media`). */
                media?: string[];
            };
            /** @description Derive from each upload the variant each network needs instead of refusing the target: images converted (WebP to JPEG or PNG where the network takes neither), cropped (`fill`) or padded (`fit`) to its aspect ratio, resized within its pixel bounds and compressed under its byte limit, with the EXIF orientation applied and all metadata (GPS location included) stripped. Videos are transcoded to H.264/AAC MP4 (8-bit 4:2:0, within 1080p, at a bitrate under the network's byte limit, metadata stripped; cut to the network's length only with `trim: true`). `true`, or an object that also chooses `crop`, `focalPoint` and `trim`. A target's own `platformOptions.<network>.autoFix` (same shape, or `false`) wins. Without it, `POST /v1/posts/validate` names the transform that would cure each refusal in `fix`. Variants are made once per upload and recipe, stored, and reused by later posts. Images on Node with sharp, video on Node with FFmpeg; on Workers, or where sharp or FFmpeg is missing, a target that needs a variant of that kind is refused with `transform_unavailable` (docs/media-transforms.md). */
            autoFix?: boolean | {
                /**
                 * @description `fill` (default) crops the picture to the network's ratio around `focalPoint`; `fit` keeps all of it and pads (white for JPEG, transparent for PNG).
                 * @enum {string}
                 */
                crop?: "fit" | "fill";
                /** @description Where a `fill` crop centres, as fractions of the picture as shown (0,0 top left, 1,1 bottom right); default the centre. */
                focalPoint?: {
                    x: number;
                    y: number;
                };
                /** @description Video: cut a clip longer than the network takes to its first N seconds (its `maxVideoSeconds`). Default false: a clip too long is refused, never cut unasked. */
                trim?: boolean;
            };
            /** @description Profile username: publishes to every account it owns. */
            profile?: string;
            /** @description `acc_` ids; alternative or addition to `profile`. */
            accounts?: string[];
            /** @description Keeps only these networks of the resolved accounts. */
            platforms?: ("tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness")[];
            /** @description Store as a draft: validated, nothing sent, publish later with POST /v1/posts/{id}/publish. */
            draft?: boolean;
            /** @description `true`: schedule at the next free slot of the targets' profile queue (PUT /v1/profiles/{id}/queue; preview with GET /v1/profiles/{id}/queue/next) instead of `scheduledAt`. Refused with `scheduledAt`, `timezone`, `draft` or `thread` (`queue_conflict`), when the queue has no slots (`queue_empty`) or is paused (`queue_paused`). */
            queue?: boolean;
            /** @description A reply chain published in one call on X, Threads and Bluesky: the follow-up items only. The post itself (`text`, `media`) is the first item; each entry here replies to the one before it. The whole chain is checked before its first item is sent (each item by the network's rules for a post; at most 25 items in all on each of the three). Other networks refuse the target with `thread_unsupported`. Each item is charged a credit like a post; an item that does not go out gives its credit back. A failure mid-chain stops that target's chain (later items `not_sent`); repeating the request with the same Idempotency-Key goes on after the last item that is live, never sending one twice. Drafts and scheduled posts keep their chain: it is checked again and charged when the post is sent (a refused item then refuses its target whole), and runs after the post as a direct one does; a chain is fixed when the post is created (PATCH does not change it). A chain a crash stopped between items is resumed by the server on its own (after the send timeout), never sending a live item again. `platformOptions` apply to the post, not to the items. */
            thread?: components["schemas"]["ThreadItem"][];
            /** @description An RFC 5545 RRULE (`FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10`, `RRULE:` prefix optional): the post becomes the first occurrence of a recurring series (`series` on the answer; GET/PATCH/DELETE /v1/series/{id}). Needs `scheduledAt` (DTSTART, the first occurrence's wall-clock time: sent without an offset it is kept as written) and `timezone`; every occurrence is published at that wall-clock time in that zone across daylight-saving changes, as its own post. Supported: FREQ DAILY, WEEKLY or MONTHLY; INTERVAL 1-365; BYDAY (MO..SU, with MONTHLY an ordinal such as 1MO or -1FR); BYMONTHDAY (1-31, -31..-1; not with WEEKLY; months without that day are skipped); COUNT 1-1000 (occurrences skipped while paused count too) or UNTIL (`20270601T090000Z`, or a date `20270601` meaning through that local day). A wall time skipped by a spring-forward change (02:30 on the day clocks jump 02:00 to 03:00) is published at 03:30 in the new offset that day, and at 02:30 on every other day; a time repeated by a fall-back change is published once, at its first occurrence. Refused: a rule outside the subset (`recurrence_invalid`), COUNT over 1000 (`recurrence_count_exceeded`), UNTIL not in the future or before the first occurrence (`recurrence_until_past`), an unknown zone (`timezone_invalid`), with `queue`, `draft` or `thread` (`recurrence_conflict`). */
            recurrence?: string;
        };
        /**
         * @example {
         *       "requiredBy": "agent",
         *       "proposedBy": "agt_6Ty3Np8Rm2Kc5Wd9Hq1X",
         *       "decision": "rejected",
         *       "decidedBy": "key_3Hn8Qw2Lx5Zp9Rt1",
         *       "decidedAt": "2026-11-24T10:00:00.000Z",
         *       "reason": "Wrong launch date."
         *     }
         */
        PostApproval: {
            /**
             * @description The rule that held the post: the workspace's `requireApproval`, its profile's override, or the grant of the agent that proposed it.
             * @enum {string}
             */
            requiredBy: "workspace" | "profile" | "agent";
            /** @description The agent (`agt_…`) that proposed the post, or null. */
            proposedBy: string | null;
            /** @description null while it waits. */
            decision: ("approved" | "rejected") | null;
            /** @description The API key id that decided, or `approval-link` for a reviewer's signed link. */
            decidedBy: string | null;
            decidedAt: string | null;
            /** @description The rejection's reason. */
            reason: string | null;
        };
        /**
         * @example {
         *       "position": 1,
         *       "state": "published",
         *       "networkPostId": "1861234567890123457",
         *       "url": "https://x.com/ada/status/1861234567890123457",
         *       "error": null,
         *       "publishedAt": "2026-11-24T09:00:02.000Z",
         *       "credits": 1
         *     }
         */
        ThreadItemResult: {
            /** @description 1 for `thread[0]` (the reply to the post itself), 2 for `thread[1]`, ... */
            position: number;
            /**
             * @description `not_sent`: an earlier item failed, so the chain stopped before this one (its credit was given back). `unknown`: the call's outcome is not known; a retry with the same Idempotency-Key checks the network before anything is sent again.
             * @enum {string}
             */
            state: "pending" | "publishing" | "processing" | "published" | "failed" | "unknown" | "not_sent";
            networkPostId: string | null;
            url: string | null;
            error: {
                code: string;
                message: string;
                fix: string | null;
                retryable: boolean;
                platform: string | null;
                param?: string | null;
            } | null;
            publishedAt: string | null;
            /** @description Credits this item cost (1 when published). */
            credits: number;
        };
        /**
         * @example {
         *       "account": "acc_7Hq2xWm9Lr4Tb8Zc",
         *       "platform": "bluesky",
         *       "handle": "ada.bsky.social",
         *       "state": "published",
         *       "networkPostId": "at://did:plc:4x7wq2m3ke5yqz6rbnhtsv2d/app.bsky.feed.post/3lbtz4kq2ds2k",
         *       "url": "https://bsky.app/profile/ada.bsky.social/post/3lbtz4kq2ds2k",
         *       "error": null,
         *       "warnings": [],
         *       "publishedAt": "2026-11-24T09:00:01.000Z",
         *       "credits": 1,
         *       "firstComment": {
         *         "state": "posted",
         *         "id": "at://did:plc:4x7wq2m3ke5yqz6rbnhtsv2d/app.bsky.feed.post/3lbtz4kq2ds3m",
         *         "url": "https://bsky.app/profile/ada.bsky.social/post/3lbtz4kq2ds3m",
         *         "media": [],
         *         "error": null
         *       }
         *     }
         */
        Target: {
            /** @description `acc_` id of the account. */
            account: string;
            platform: string;
            handle: string;
            /**
             * @description `unknown`: the network call timed out, or the server stopped while sending; Chorus checks the network before any retry (a scheduled post it does not find there is sent again). `retracted`: published, then deleted from the network by POST /v1/posts/{id}/retract (its credit stays spent).
             * @enum {string}
             */
            state: "pending" | "publishing" | "processing" | "published" | "failed" | "cancelled" | "unknown" | "retracted";
            networkPostId: string | null;
            url: string | null;
            /** @description Why the target did not publish; an unrecognised network refusal keeps the network's message and has no fix. */
            error: {
                code: string;
                message: string;
                fix: string | null;
                retryable: boolean;
                platform: string | null;
                param?: string | null;
            } | null;
            /** @description What went wrong after the post went out, which did not stop it (e.g. `video_thumbnail_not_set`); empty otherwise. */
            warnings: {
                code: string;
                message: string;
                fix: string | null;
                retryable: boolean;
                platform: string | null;
                param?: string | null;
            }[];
            publishedAt: string | null;
            /** @description Credits this target cost (1 when published). */
            credits: number;
            /** @description The chain's follow-up items (`thread`), in order; only on targets of a post sent with `thread`. */
            thread?: components["schemas"]["ThreadItemResult"][];
            /** @description The target's first comment; null when the post has none for this target. */
            firstComment: {
                /**
                 * @description `pending`: waiting for the post to be live (or being sent). `posted`: under the post. `failed`: refused by the network (or out of credits on X; the credit is given back); the post stays published. `unknown`: the network did not answer, so the comment may exist; it is never sent again on its own. `failed` and `unknown` each record the event `post.first_comment_failed` once per target (the post record, with `target` naming the target).
                 * @enum {string}
                 */
                state: "pending" | "posted" | "failed" | "unknown";
                /** @description The network's id of the comment or reply. */
                id: string | null;
                /** @description A link to the comment where the network has one. */
                url: string | null;
                /** @description The `med_` ids attached to the comment; empty for a text-only comment. */
                media: string[];
                /** @description Why it failed or is unknown. */
                error: {
                    code: string;
                    message: string;
                    fix: string | null;
                    retryable: boolean;
                    platform: string | null;
                    param?: string | null;
                } | null;
            } | null;
        };
        /**
         * @example {
         *       "id": "post_9QmT4vXc2Lp8Rk6W",
         *       "state": "published",
         *       "text": "Hello from Chorus!",
         *       "textOverrides": {},
         *       "media": [
         *         "med_5Fz8Kq1Wn3Ys7Hd2"
         *       ],
         *       "mediaAlt": [
         *         "A robin on a fence"
         *       ],
         *       "mediaOverrides": {},
         *       "mediaAltOverrides": {},
         *       "platformOptions": {
         *         "bluesky": {
         *           "langs": [
         *             "en"
         *           ]
         *         }
         *       },
         *       "profile": "ada",
         *       "scheduledAt": null,
         *       "timezone": null,
         *       "createdAt": "2026-11-24T09:00:00.000Z",
         *       "updatedAt": "2026-11-24T09:00:01.000Z",
         *       "publishedAt": "2026-11-24T09:00:01.000Z",
         *       "approval": null,
         *       "series": null,
         *       "targets": [
         *         {
         *           "account": "acc_7Hq2xWm9Lr4Tb8Zc",
         *           "platform": "bluesky",
         *           "handle": "ada.bsky.social",
         *           "state": "published",
         *           "networkPostId": "at://did:plc:4x7wq2m3ke5yqz6rbnhtsv2d/app.bsky.feed.post/3lbtz4kq2ds2k",
         *           "url": "https://bsky.app/profile/ada.bsky.social/post/3lbtz4kq2ds2k",
         *           "error": null,
         *           "warnings": [],
         *           "publishedAt": "2026-11-24T09:00:01.000Z",
         *           "credits": 1,
         *           "firstComment": {
         *             "state": "posted",
         *             "id": "at://did:plc:4x7wq2m3ke5yqz6rbnhtsv2d/app.bsky.feed.post/3lbtz4kq2ds3m",
         *             "url": "https://bsky.app/profile/ada.bsky.social/post/3lbtz4kq2ds3m",
         *             "media": [],
         *             "error": null
         *           }
         *         }
         *       ]
         *     }
         */
        Post: {
            /** @description `post_…` */
            id: string;
            /**
             * @description Derived from the targets as the spec's transition table says. `retracted`: every target that had published was deleted from its network by POST /v1/posts/{id}/retract. `pending_approval`: an approval rule (the workspace's, the profile's or the agent's grant) holds it until POST /v1/posts/{id}/approve or /reject; nothing is sent or charged before. `rejected`: a person rejected it; its targets are `cancelled`.
             * @enum {string}
             */
            state: "draft" | "scheduled" | "processing" | "published" | "partial" | "failed" | "cancelled" | "retracted" | "pending_approval" | "rejected";
            text: string;
            textOverrides: {
                [key: string]: string;
            };
            media: string[];
            mediaAlt: string[];
            mediaOverrides: {
                [key: string]: string[];
            };
            mediaAltOverrides: {
                [key: string]: string[];
            };
            platformOptions: components["schemas"]["PlatformOptions"];
            profile: string | null;
            scheduledAt: string | null;
            timezone: string | null;
            createdAt: string;
            updatedAt: string;
            publishedAt: string | null;
            /** @description Set when an approval rule held the post: why, and the decision once made; null otherwise. */
            approval: components["schemas"]["PostApproval"] | null;
            /** @description `ser_…`: the recurring series this post is an occurrence of (POST /v1/posts with `recurrence`; GET /v1/series/{id}); null for a single post. */
            series: string | null;
            targets: components["schemas"]["Target"][];
        };
        /**
         * @example {
         *       "text": "Hello from Chorus!",
         *       "accounts": [
         *         "acc_7Hq2xWm9Lr4Tb8Zc"
         *       ],
         *       "media": [
         *         "med_5Fz8Kq1Wn3Ys7Hd2"
         *       ],
         *       "mediaAlt": [
         *         "A robin on a fence"
         *       ],
         *       "platformOptions": {
         *         "bluesky": {
         *           "langs": [
         *             "en"
         *           ]
         *         }
         *       }
         *     }
         */
        CreatePostRequest: {
            /** @description The post text. Media-only posts send a caption or a space. */
            text: string;
            /** @description Per-network text, by platform id; wins over `text` for that network. */
            textOverrides?: {
                [key: string]: string;
            };
            /** @description `med_` ids from POST /v1/media, in order. */
            media?: string[];
            /** @description Alt text per item of `media`, same order. */
            mediaAlt?: string[];
            /** @description Per-network media (e.g. a 9:16 photo for TikTok, a video for YouTube). */
            mediaOverrides?: {
                [key: string]: string[];
            };
            /** @description Per-network alt texts, matching `mediaOverrides`. */
            mediaAltOverrides?: {
                [key: string]: string[];
            };
            /** @description Future ISO 8601 date-time, checked strictly (the date must exist, years 0001-9999; otherwise 400 `timestamp_invalid`). With `Z` or an offset it is an instant; without one it is wall-clock time in `timezone`, and refused when no `timezone` is sent (on PATCH, the post's own zone counts). Omit to publish now. */
            scheduledAt?: string;
            /** @description IANA zone name (e.g. Europe/Berlin); only with scheduledAt. Abbreviations are refused. */
            timezone?: string;
            platformOptions?: components["schemas"]["PlatformOptions"];
            /** @description Posted as the first comment under each target's post once it is live (after processing on Instagram and YouTube): on Instagram, Facebook pages, LinkedIn and YouTube a comment, on X, Threads and Bluesky a reply by the account. Text, and images where the network's comment takes them (`media`). A target's own `platformOptions.<network>.firstComment` (`{ text }`) wins, and `false` posts none there. TikTok, Pinterest and Google Business have no comment API: a target there with a first comment is refused with `first_comment_unsupported`. Free, except on X, where it is billed as a post (one credit), as replies are. Its outcome is `targets[].firstComment`; it never changes the post's own state. */
            firstComment?: {
                /** @description The comment's text, counted the network's way (the limit is in the description of `platformOptions.<network>.firstComment`). */
                text: string;
                /** @description `med_` ids attached to the comment, where the network's comment takes files: X (up to 4 images, JPEG/PNG/WebP, 5 MB), Bluesky (up to 4 images, 1,000,000 bytes) and Facebook pages (one image or GIF, sent as `attachment_url`). Elsewhere a comment is text only and a target with comment media is refused with `first_comment_media_unsupported` (GET /v1/platforms: `firstComment.media`). */
                media?: string[];
            };
            /** @description Derive from each upload the variant each network needs instead of refusing the target: images converted (WebP to JPEG or PNG where the network takes neither), cropped (`fill`) or padded (`fit`) to its aspect ratio, resized within its pixel bounds and compressed under its byte limit, with the EXIF orientation applied and all metadata (GPS location included) stripped. Videos are transcoded to H.264/AAC MP4 (8-bit 4:2:0, within 1080p, at a bitrate under the network's byte limit, metadata stripped; cut to the network's length only with `trim: true`). `true`, or an object that also chooses `crop`, `focalPoint` and `trim`. A target's own `platformOptions.<network>.autoFix` (same shape, or `false`) wins. Without it, `POST /v1/posts/validate` names the transform that would cure each refusal in `fix`. Variants are made once per upload and recipe, stored, and reused by later posts. Images on Node with sharp, video on Node with FFmpeg; on Workers, or where sharp or FFmpeg is missing, a target that needs a variant of that kind is refused with `transform_unavailable` (docs/media-transforms.md). */
            autoFix?: boolean | {
                /**
                 * @description `fill` (default) crops the picture to the network's ratio around `focalPoint`; `fit` keeps all of it and pads (white for JPEG, transparent for PNG).
                 * @enum {string}
                 */
                crop?: "fit" | "fill";
                /** @description Where a `fill` crop centres, as fractions of the picture as shown (0,0 top left, 1,1 bottom right); default the centre. */
                focalPoint?: {
                    x: number;
                    y: number;
                };
                /** @description Video: cut a clip longer than the network takes to its first N seconds (its `maxVideoSeconds`). Default false: a clip too long is refused, never cut unasked. */
                trim?: boolean;
            };
            /** @description Profile username: publishes to every account it owns. */
            profile?: string;
            /** @description `acc_` ids; alternative or addition to `profile`. */
            accounts?: string[];
            /** @description Keeps only these networks of the resolved accounts. */
            platforms?: ("tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness")[];
            /** @description Store as a draft: validated, nothing sent, publish later with POST /v1/posts/{id}/publish. */
            draft?: boolean;
            /** @description `true`: schedule at the next free slot of the targets' profile queue (PUT /v1/profiles/{id}/queue; preview with GET /v1/profiles/{id}/queue/next) instead of `scheduledAt`. Refused with `scheduledAt`, `timezone`, `draft` or `thread` (`queue_conflict`), when the queue has no slots (`queue_empty`) or is paused (`queue_paused`). */
            queue?: boolean;
            /** @description A reply chain published in one call on X, Threads and Bluesky: the follow-up items only. The post itself (`text`, `media`) is the first item; each entry here replies to the one before it. The whole chain is checked before its first item is sent (each item by the network's rules for a post; at most 25 items in all on each of the three). Other networks refuse the target with `thread_unsupported`. Each item is charged a credit like a post; an item that does not go out gives its credit back. A failure mid-chain stops that target's chain (later items `not_sent`); repeating the request with the same Idempotency-Key goes on after the last item that is live, never sending one twice. Drafts and scheduled posts keep their chain: it is checked again and charged when the post is sent (a refused item then refuses its target whole), and runs after the post as a direct one does; a chain is fixed when the post is created (PATCH does not change it). A chain a crash stopped between items is resumed by the server on its own (after the send timeout), never sending a live item again. `platformOptions` apply to the post, not to the items. */
            thread?: components["schemas"]["ThreadItem"][];
            /** @description An RFC 5545 RRULE (`FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10`, `RRULE:` prefix optional): the post becomes the first occurrence of a recurring series (`series` on the answer; GET/PATCH/DELETE /v1/series/{id}). Needs `scheduledAt` (DTSTART, the first occurrence's wall-clock time: sent without an offset it is kept as written) and `timezone`; every occurrence is published at that wall-clock time in that zone across daylight-saving changes, as its own post. Supported: FREQ DAILY, WEEKLY or MONTHLY; INTERVAL 1-365; BYDAY (MO..SU, with MONTHLY an ordinal such as 1MO or -1FR); BYMONTHDAY (1-31, -31..-1; not with WEEKLY; months without that day are skipped); COUNT 1-1000 (occurrences skipped while paused count too) or UNTIL (`20270601T090000Z`, or a date `20270601` meaning through that local day). A wall time skipped by a spring-forward change (02:30 on the day clocks jump 02:00 to 03:00) is published at 03:30 in the new offset that day, and at 02:30 on every other day; a time repeated by a fall-back change is published once, at its first occurrence. Refused: a rule outside the subset (`recurrence_invalid`), COUNT over 1000 (`recurrence_count_exceeded`), UNTIL not in the future or before the first occurrence (`recurrence_until_past`), an unknown zone (`timezone_invalid`), with `queue`, `draft` or `thread` (`recurrence_conflict`). */
            recurrence?: string;
        };
        PostList: {
            items: components["schemas"]["Post"][];
            cursor: string | null;
        };
        /**
         * @example {
         *       "id": "edt_2bQ7nV4xK9mW3pR8sT6y",
         *       "at": "2026-12-06T10:00:00.000Z",
         *       "fields": [
         *         "text",
         *         "platformOptions.youtube.title"
         *       ],
         *       "targets": [
         *         {
         *           "account": "acc_7Hq2xWm9Lr4Tb8Zc",
         *           "platform": "youtube",
         *           "state": "edited",
         *           "error": null
         *         },
         *         {
         *           "account": "acc_3Vn8Kd2Wq7Lm4Xp9",
         *           "platform": "instagram",
         *           "state": "failed",
         *           "error": {
         *             "code": "edit_unsupported",
         *             "message": "instagram offers no way to change a published post through its API.",
         *             "fix": "Delete the post there (POST /v1/posts/{id}/retract) and publish it again with the change. The description of PATCH /v1/posts/{id} in the OpenAPI document lists what each network can change.",
         *             "retryable": false,
         *             "platform": "instagram",
         *             "param": "text"
         *           }
         *         }
         *       ]
         *     }
         */
        PostEdit: {
            /** @description `edt_…` */
            id: string;
            /** @description When the edit was asked (ISO 8601 UTC). */
            at: string;
            /** @description What the request changed: `text`, `textOverrides.<network>`, `platformOptions.<network>.<option>`. */
            fields: string[];
            targets: {
                account: string;
                platform: string;
                /**
                 * @description `edited`: the network applied it. `failed`: refused before or by the network; `edit_unsupported` means the network cannot change that field (its fix: delete and post again). `unknown`: the network did not answer; an edit sets values, so sending it again is harmless. `unchanged`: nothing in the edit concerned this network. `not_published`: the target is not live, so there was nothing to edit. `pending`: being sent.
                 * @enum {string}
                 */
                state: "pending" | "edited" | "failed" | "unknown" | "unchanged" | "not_published";
                error: {
                    code: string;
                    message: string;
                    fix: string | null;
                    retryable: boolean;
                    platform: string | null;
                    param?: string | null;
                } | null;
            }[];
        };
        EditedPost: {
            /** @description `post_…` */
            id: string;
            /**
             * @description Derived from the targets as the spec's transition table says. `retracted`: every target that had published was deleted from its network by POST /v1/posts/{id}/retract. `pending_approval`: an approval rule (the workspace's, the profile's or the agent's grant) holds it until POST /v1/posts/{id}/approve or /reject; nothing is sent or charged before. `rejected`: a person rejected it; its targets are `cancelled`.
             * @enum {string}
             */
            state: "draft" | "scheduled" | "processing" | "published" | "partial" | "failed" | "cancelled" | "retracted" | "pending_approval" | "rejected";
            text: string;
            textOverrides: {
                [key: string]: string;
            };
            media: string[];
            mediaAlt: string[];
            mediaOverrides: {
                [key: string]: string[];
            };
            mediaAltOverrides: {
                [key: string]: string[];
            };
            platformOptions: components["schemas"]["PlatformOptions"];
            profile: string | null;
            scheduledAt: string | null;
            timezone: string | null;
            createdAt: string;
            updatedAt: string;
            publishedAt: string | null;
            /** @description Set when an approval rule held the post: why, and the decision once made; null otherwise. */
            approval: components["schemas"]["PostApproval"] | null;
            /** @description `ser_…`: the recurring series this post is an occurrence of (POST /v1/posts with `recurrence`; GET /v1/series/{id}); null for a single post. */
            series: string | null;
            targets: components["schemas"]["Target"][];
            edit?: components["schemas"]["PostEdit"];
        };
        /**
         * @example {
         *       "scheduledAt": "2026-12-01T09:00:00+01:00"
         *     }
         */
        EditPostRequest: {
            /** @description The post text. Media-only posts send a caption or a space. */
            text?: string;
            /** @description Per-network text, by platform id; wins over `text` for that network. */
            textOverrides?: {
                [key: string]: string;
            };
            /** @description `med_` ids from POST /v1/media, in order. */
            media?: string[];
            /** @description Alt text per item of `media`, same order. */
            mediaAlt?: string[];
            /** @description Per-network media (e.g. a 9:16 photo for TikTok, a video for YouTube). */
            mediaOverrides?: {
                [key: string]: string[];
            };
            /** @description Per-network alt texts, matching `mediaOverrides`. */
            mediaAltOverrides?: {
                [key: string]: string[];
            };
            /** @description Future ISO 8601 date-time, checked strictly (the date must exist, years 0001-9999; otherwise 400 `timestamp_invalid`). With `Z` or an offset it is an instant; without one it is wall-clock time in `timezone`, and refused when no `timezone` is sent (on PATCH, the post's own zone counts). Omit to publish now. */
            scheduledAt?: string;
            /** @description IANA zone name (e.g. Europe/Berlin); only with scheduledAt. Abbreviations are refused. */
            timezone?: string;
            platformOptions?: components["schemas"]["PlatformOptions"];
        };
        /**
         * @example {
         *       "id": "post_9QmT4vXc2Lp8Rk6W",
         *       "cancelled": true,
         *       "deleted": false
         *     }
         */
        DeletePostResult: {
            id: string;
            cancelled: boolean;
            deleted: boolean;
        };
        RetractResult: {
            post: components["schemas"]["Post"];
            targets: {
                account: string;
                platform: string;
                handle: string;
                networkPostId: string | null;
                /**
                 * @description `retracted`: deleted from the network (now or by an earlier retract). `unsupported`: the network allows no deletion through its API (`delete_unsupported`); the post stays up there. `failed`: the network refused or failed; the target stays published and `error.retryable` says whether retracting again can work. `not_published`: the target never went out.
                 * @enum {string}
                 */
                result: "retracted" | "unsupported" | "failed" | "not_published";
                error: {
                    code: string;
                    message: string;
                    fix: string | null;
                    retryable: boolean;
                    platform: string | null;
                    param?: string | null;
                } | null;
            }[];
        };
        /**
         * @example {
         *       "requireApproval": false,
         *       "profiles": [
         *         {
         *           "profile": "prf_8Kd2Lw9Qx4Zr7Tb1Mn3V",
         *           "username": "acme",
         *           "requireApproval": true
         *         }
         *       ]
         *     }
         */
        ApprovalSettings: {
            /** @description Every post published or scheduled in this workspace waits in `pending_approval` (drafts never do). */
            requireApproval: boolean;
            /** @description Profiles that override the workspace's rule; the others follow it. */
            profiles: {
                profile: string;
                username: string;
                requireApproval: boolean;
            }[];
        };
        /**
         * @example {
         *       "requireApproval": false,
         *       "profiles": {
         *         "prf_8Kd2Lw9Qx4Zr7Tb1Mn3V": true
         *       }
         *     }
         */
        UpdateApprovalSettingsRequest: {
            requireApproval?: boolean;
            /** @description Profile id → `true` (its posts always wait), `false` (never), or `null` (follow the workspace). */
            profiles?: {
                [key: string]: boolean | null;
            };
        };
        ApprovalResult: {
            post: components["schemas"]["Post"];
            validation: components["schemas"]["ValidationReport"];
        };
        /**
         * @example {
         *       "force": false
         *     }
         */
        ApprovePostRequest: {
            /** @description `true`: approve even when some targets no longer pass their checks; those are stored `failed` with their code and the others are sent. Omitted: such an approval is refused with 409 `approval_validation_failed`. */
            force?: boolean;
        };
        /**
         * @example {
         *       "reason": "Wrong launch date: this goes out on the 28th."
         *     }
         */
        RejectPostRequest: {
            /** @description Why, kept on the post (`approval.reason`) and in the `post.rejected` event. */
            reason?: string;
        };
        /**
         * @example {
         *       "url": "https://chorus.example.com/approve/eyJ2IjoxLCJ3b3Jrc3BhY2UiOiJ3c18xIn0.c2lnbmF0dXJl",
         *       "expiresAt": "2026-11-26T09:00:00.000Z"
         *     }
         */
        ApprovalLink: {
            /** @description Opens a page with the post and Approve / Reject buttons; no login. Works once: its decision moves the post out of `pending_approval`. */
            url: string;
            /** @description 48 hours after it was made. */
            expiresAt: string;
        };
        PostEditList: {
            items: components["schemas"]["PostEdit"][];
        };
        /**
         * @example {
         *       "jsonrpc": "2.0",
         *       "id": 1,
         *       "result": {
         *         "content": [
         *           {
         *             "type": "text",
         *             "text": "{\"account\":\"ws_2Jd8Ls5Qw1Zx9Vb4\"}"
         *           }
         *         ],
         *         "structuredContent": {
         *           "account": "ws_2Jd8Ls5Qw1Zx9Vb4"
         *         }
         *       }
         *     }
         */
        McpResponse: {
            /** @constant */
            jsonrpc: "2.0";
            id: (string | number) | null;
            /** @description For `tools/call`: `content`, `structuredContent` and, on a refusal, `isError: true` with the REST error envelope. */
            result?: {
                [key: string]: unknown;
            };
            /** @description A protocol error: -32600, -32601, -32602 and so on. */
            error?: {
                code: number;
                message: string;
            };
        };
        /**
         * @example {
         *       "jsonrpc": "2.0",
         *       "id": 7,
         *       "error": {
         *         "code": -32600,
         *         "message": "Invalid Request: not a JSON-RPC 2.0 message."
         *       }
         *     }
         */
        McpProtocolError: {
            /** @constant */
            jsonrpc: "2.0";
            id: (string | number) | null;
            error: {
                /** @description -32700 not JSON; -32600 not a JSON-RPC 2.0 message, a batch, or too large. */
                code: number;
                message: string;
            };
        };
        /**
         * @example {
         *       "jsonrpc": "2.0",
         *       "id": 1,
         *       "method": "tools/call",
         *       "params": {
         *         "name": "whoami",
         *         "arguments": {}
         *       }
         *     }
         */
        McpRequest: {
            /** @constant */
            jsonrpc: "2.0";
            /** @description Chosen by the client; echoed in the response. */
            id?: string | number;
            /** @description `initialize`, `ping`, `tools/list`, `tools/call`, or a notification such as `notifications/initialized` (no `id`). */
            method: string;
            params?: {
                [key: string]: unknown;
            };
        };
        /**
         * @example {
         *       "url": "http://localhost:8787/dashboard/signin/al_Qm3xV8bN2kL7pR4tY9wZ1cF6hJ5sD0gA2eU8iO3nB4v",
         *       "expiresAt": "2026-11-24T09:05:00.000Z"
         *     }
         */
        AppLink: {
            /**
             * Format: uri
             * @description The dashboard sign-in page. It opens one session (the first browser to use it), in this workspace and the key's mode; hand it to nobody else.
             */
            url: string;
            /**
             * Format: date-time
             * @description When the link stops working (5 minutes after it was made).
             */
            expiresAt: string;
        };
        SocialActor: {
            /** @description The network's own user id (a DID on Bluesky). */
            id: string;
            handle: string;
            displayName: string | null;
            avatarUrl: string | null;
            /** @description The person's profile on the network. */
            url: string | null;
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
        };
        Notification: {
            /** @description The network's id for the notification (the liking, replying or mentioning record or tweet). */
            id: string;
            /** @description `acc_…` notified. */
            account: string;
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            /** @enum {string} */
            kind: "likes" | "replies" | "mentions" | "follows" | "reposts" | "quotes";
            actor: components["schemas"]["SocialActor"];
            /** @description The post it is about: the account's own post for likes, reposts, replies and quotes; the mentioning post for mentions; null for follows. */
            subject: {
                /** @description The Chorus `post_` id when the post was published through Chorus. */
                postId: string | null;
                networkPostId: string;
                url: string | null;
            } | null;
            /** @description The text of a reply, mention or quote; null otherwise. */
            text: string | null;
            /** @description ISO 8601 UTC, when the network recorded it. */
            createdAt: string;
            seen: boolean;
        };
        /**
         * @example {
         *       "account": "acc_7Hq2xWm9Lr4Tb8Zc",
         *       "platform": "instagram",
         *       "code": "capability_unsupported",
         *       "message": "Instagram has no notifications that Chorus can read.",
         *       "retryable": false
         *     }
         */
        ReadProblem: {
            /** @description `acc_…` of the account that could not be read. */
            account: string;
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            /** @description An error code: `capability_unsupported` (the network cannot do this at all), `needs_reauth`, `platform_unavailable` (timeout or outage), `rate_limited`, ... */
            code: string;
            message: string;
            /** @description Whether asking again later may succeed. */
            retryable: boolean;
        };
        NotificationList: {
            items: components["schemas"]["Notification"][];
            /** @description Opaque; null at the end. Holds a position per network. */
            cursor: string | null;
            /** @description Every account that could not be read for this page, and why. */
            problems: components["schemas"]["ReadProblem"][];
        };
        NotificationsSeen: {
            seenAt: string;
            marked: {
                account: string;
                /** @enum {string} */
                platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            }[];
            /** @description Accounts left unchanged: networks that keep no seen state (`capability_unsupported`), connections to renew, failures. */
            skipped: components["schemas"]["ReadProblem"][];
        };
        /**
         * @example {
         *       "views": 1840,
         *       "reach": 1210,
         *       "likes": 96,
         *       "comments": 12,
         *       "shares": 7,
         *       "saves": 15,
         *       "clicks": 33,
         *       "videoViews": null,
         *       "watchTimeSeconds": null
         *     }
         */
        Metrics: {
            views: number | null;
            reach: number | null;
            likes: number | null;
            comments: number | null;
            shares: number | null;
            saves: number | null;
            clicks: number | null;
            videoViews: number | null;
            watchTimeSeconds: number | null;
        };
        /**
         * @example {
         *       "account": "acc_7Hq2xWm9Lr4Tb8Zc",
         *       "platform": "instagram",
         *       "networkPostId": "17895695668004550",
         *       "url": "https://www.instagram.com/p/C9xYz/",
         *       "state": "published",
         *       "metrics": {
         *         "views": 1840,
         *         "reach": 1210,
         *         "likes": 96,
         *         "comments": 12,
         *         "shares": 7,
         *         "saves": 15,
         *         "clicks": 33,
         *         "videoViews": null,
         *         "watchTimeSeconds": null
         *       },
         *       "networkMetrics": {
         *         "views": 1840,
         *         "reach": 1210,
         *         "likes": 96,
         *         "comments": 12,
         *         "shares": 7,
         *         "saved": 15
         *       },
         *       "fetchedAt": "2026-11-21T12:00:00.000Z",
         *       "cached": false,
         *       "problem": null
         *     }
         */
        TargetAnalytics: {
            account: string;
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            networkPostId: string | null;
            url: string | null;
            /** @description The target's state; only `published` targets have numbers. */
            state: string;
            /** @description Null when `problem` says why there are no numbers; a metric the network does not publish is null, never 0. */
            metrics: components["schemas"]["Metrics"] | null;
            networkMetrics: {
                [key: string]: number;
            } | null;
            /** @description When the numbers were read from the network (ISO 8601 UTC). */
            fetchedAt: string | null;
            /** @description The numbers came from the cache, not from a read made for this request. */
            cached: boolean;
            /** @description Why this target has no numbers, or null. */
            problem: {
                /** @description `target_not_published`, `capability_unsupported` (no post insights on the network, e.g. Google Business Profile), `missing_scope` (the connection lacks a permission the read needs, e.g. LinkedIn's `r_member_postAnalytics`), `needs_reauth`, `platform_unavailable`, `rate_limited`, or the network's own refusal code. */
                code: string;
                message: string;
                retryable: boolean;
            } | null;
        };
        PostAnalytics: {
            postId: string;
            /** @description One entry per target (account) of the post, published or not, in the order of GET /v1/posts/{id}. */
            targets: components["schemas"]["TargetAnalytics"][];
        };
        NetworkAnalytics: {
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            /** @description How many accounts the totals add up. */
            accounts: number;
            metrics: components["schemas"]["Metrics"];
            followers: number | null;
            followersChange: number | null;
        };
        AccountAnalytics: {
            account: string;
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            handle: string;
            /**
             * @description `account`: the network's account-level insights; `posts`: the counters of the posts published through Chorus in the period, added up (networks without account insights).
             * @enum {string}
             */
            source: "account" | "posts";
            metrics: components["schemas"]["Metrics"];
            /** @description The network's own metric names and values as read (`post_media_view`, `IMPRESSION`, `like_count`, ...), beside the normalised ones. */
            networkMetrics: {
                [key: string]: number;
            };
            /** @description Followers (subscribers) now; null where the network shows none. */
            followers: number | null;
            /** @description Net change over the period where the network gives it; null otherwise. */
            followersChange: number | null;
            /** @description One entry per day where the network gives a daily series; null otherwise. */
            daily: {
                /** @description YYYY-MM-DD (UTC). */
                date: string;
                metrics: components["schemas"]["Metrics"];
            }[] | null;
            fetchedAt: string;
            cached: boolean;
        };
        AnalyticsReport: {
            /** @enum {string} */
            period: "7d" | "30d" | "90d";
            /** @description First day of the period (YYYY-MM-DD, UTC). */
            since: string;
            /** @description Last day of the period, today (YYYY-MM-DD, UTC). */
            until: string;
            /** @description Totals per network over the accounts that could be read. */
            networks: components["schemas"]["NetworkAnalytics"][];
            accounts: components["schemas"]["AccountAnalytics"][];
            /** @description Every account that could not be read, and why. */
            problems: components["schemas"]["ReadProblem"][];
        };
        /**
         * @example {
         *       "id": "cnv_WyJhY2NfN0hxMnhXbTlMcjRUYjhaYyIsIjEwMjQ4MzkyMDE4MzQ1NiIsInRfMTAyMjM0NTY3ODkiXQ",
         *       "account": "acc_7Hq2xWm9Lr4Tb8Zc",
         *       "platform": "facebook",
         *       "networkConversationId": "t_10223456789",
         *       "participants": [
         *         {
         *           "id": "7012345678901",
         *           "handle": "Ada Visitor",
         *           "displayName": "Ada Visitor",
         *           "avatarUrl": null,
         *           "url": null,
         *           "platform": "facebook"
         *         }
         *       ],
         *       "lastMessageAt": "2026-11-24T10:00:00.000Z",
         *       "unread": true,
         *       "replyBy": "2026-11-25T10:00:00.000Z"
         *     }
         */
        Conversation: {
            /** @description Chorus's id for the conversation (`cnv_…`): opaque, it names the connection it belongs to, and is 404 in any other workspace. */
            id: string;
            /** @description `acc_…` the conversation belongs to. */
            account: string;
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            /** @description The network's own id for the conversation. */
            networkConversationId: string;
            /** @description The other people in the conversation (never the account itself). */
            participants: components["schemas"]["SocialActor"][];
            /** @description ISO 8601 UTC of the newest message, either way: the list's order. */
            lastMessageAt: string;
            /** @description Whether the account has unread messages in it; null where the network does not say (X; Instagram through Instagram login). */
            unread: boolean | null;
            /** @description When the network stops accepting a standard reply: 24 hours after the person's last message on Facebook and Instagram (a reply a person writes may set `humanAgent: true`, allowing 7 days). Null where no window applies (X, Bluesky) or the person has not written. */
            replyBy: string | null;
        };
        ConversationList: {
            items: components["schemas"]["Conversation"][];
            /** @description Opaque; null at the end. Holds a position per network. */
            cursor: string | null;
            /** @description Every account that could not be read for this page, and why (networks without direct messages are `capability_unsupported`). */
            problems: components["schemas"]["ReadProblem"][];
        };
        Message: {
            /** @description The network's id for the message. */
            id: string;
            /** @description The `cnv_…` id of its conversation. */
            conversationId: string;
            account: string;
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            from: components["schemas"]["SocialActor"];
            text: string | null;
            attachments: {
                /** @description `image`, `video`, `audio`, `file` or `other`. */
                type: string;
                /** @description Where the network serves the file, when it says. */
                url: string | null;
            }[];
            /** @description ISO 8601 UTC. */
            createdAt: string;
            /**
             * @description `in`: the person wrote it; `out`: the account did.
             * @enum {string}
             */
            direction: "in" | "out";
        };
        MessageList: {
            items: components["schemas"]["Message"][];
            /** @description Opaque; null at the end. */
            cursor: string | null;
        };
        /**
         * @example {
         *       "id": "m_AbCdEf123",
         *       "conversationId": "cnv_WyJhY2NfN0hxMnhXbTlMcjRUYjhaYyIsIjEwMjQ4MzkyMDE4MzQ1NiIsInRfMTAyMjM0NTY3ODkiXQ",
         *       "account": "acc_7Hq2xWm9Lr4Tb8Zc",
         *       "platform": "facebook",
         *       "humanAgent": true,
         *       "ok": true
         *     }
         */
        SentMessage: {
            /** @description The network's id for the message sent (the text's, or the first file's). */
            id: string;
            conversationId: string;
            account: string;
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            humanAgent: boolean;
            /** @constant */
            ok: true;
        };
        /**
         * @example {
         *       "account": "acc_7Hq2xWm9Lr4Tb8Zc",
         *       "text": "Thanks for writing! It ships on Monday.",
         *       "humanAgent": true
         *     }
         */
        SendMessageRequest: {
            /** @description `acc_…` the conversation belongs to (its `account`). */
            account: string;
            /** @description The message (up to 2,000 characters; networks may allow less: Instagram 1,000 bytes, Bluesky 1,000 graphemes). Required unless `media` is sent. */
            text?: string;
            /** @description Up to 10 `med_` ids from POST /v1/media, each sent as its own message after the text (Facebook, Instagram). X and Bluesky answer 400 `capability_unsupported`. */
            media?: string[];
            /** @description True only when a person wrote this reply: Meta then accepts it up to 7 days after the person's last message instead of 24 hours (the HUMAN_AGENT tag). Automated replies must never set it. Ignored where no window applies (X, Bluesky). */
            humanAgent?: boolean;
        };
        /**
         * @example {
         *       "account": "acc_7Hq2xWm9Lr4Tb8Zc",
         *       "platform": "bluesky",
         *       "action": "like",
         *       "target": {
         *         "networkId": "at://did:plc:ewvi7nxzyoun6zhxrhs64oiz/app.bsky.feed.post/3lbyzq2v7a22k",
         *         "url": "https://bsky.app/profile/alice.bsky.social/post/3lbyzq2v7a22k"
         *       },
         *       "ok": true
         *     }
         */
        Engagement: {
            /** @description `acc_…` that acted. */
            account: string;
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            /** @enum {string} */
            action: "like" | "unlike" | "repost" | "unrepost" | "follow" | "unfollow" | "block" | "unblock" | "mute" | "unmute" | "bookmark" | "unbookmark" | "save";
            /** @description What the network acted on. */
            target: {
                /** @description The post's or person's id on the network (an `at://` URI or a DID on Bluesky). */
                networkId: string;
                /** @description Where it is on the network, when it has a web address. */
                url: string | null;
            };
            /**
             * @description The state now is what the action asked for. Repeating an action is fine: liking twice leaves one like and answers the same.
             * @constant
             */
            ok: true;
        };
        /**
         * @example {
         *       "account": "acc_7Hq2xWm9Lr4Tb8Zc",
         *       "action": "like",
         *       "target": "https://bsky.app/profile/alice.bsky.social/post/3lbyzq2v7a22k"
         *     }
         */
        EngagementRequest: {
            /** @description `acc_…` of the account that acts. */
            account: string;
            /**
             * @description What to do. `like`, `repost`, `bookmark` and `save` (Pinterest: save the pin to the account) act on a post; `follow`, `block` and `mute` on a person; each `un…` undoes its action. A network offers only some (GET /v1/platforms lists them as `engagements`); any other is refused with `action_unsupported` naming the ones it has.
             * @enum {string}
             */
            action: "like" | "unlike" | "repost" | "unrepost" | "follow" | "unfollow" | "block" | "unblock" | "mute" | "unmute" | "bookmark" | "unbookmark" | "save";
            /** @description For a post action: a Chorus `post_` id (its target on the acting account's network is used, or another account's on the same network), or the network's own post id or URL (X: `1234…` or `https://x.com/<user>/status/1234…`; Bluesky: an `at://` URI or `https://bsky.app/profile/<handle>/post/<rkey>`; YouTube: a video id or watch URL; Pinterest: a pin id or URL `https://www.pinterest.com/pin/<id>/`; LinkedIn: a post URN `urn:li:share:…`/`urn:li:ugcPost:…` or a post URL whose address holds one; Threads: a media id). For a person action: a handle (with or without `@`), a profile URL, or the network's user id (X numeric id, Bluesky DID, YouTube channel id `UC…`). */
            target: string;
            /** @description Extra settings a few actions take. Sent to an action that does not take them, they are refused with 400 `field_invalid` naming the option, never ignored. */
            options?: {
                /** @description Pinterest `save`: the board the pin is saved to, one of the account's boards (GET /v1/social-accounts/{id}/targets lists them). Required for `save`: Pinterest saves into a board. */
                board?: string;
                /** @description LinkedIn `like`, `unlike` and `repost`: act as this page the member manages (its URN, as GET /v1/social-accounts/{id}/targets lists it) instead of as the member. */
                actor?: string;
            };
        };
        /**
         * @example {
         *       "id": "at://did:plc:ewvi7nxzyoun6zhxrhs64oiz/app.bsky.feed.post/3lbyzq2v7a22k",
         *       "postId": "post_4Xk9qLm2Tz8Rw1Vb",
         *       "account": "acc_7Hq2xWm9Lr4Tb8Zc",
         *       "platform": "bluesky",
         *       "url": "https://bsky.app/profile/alice.bsky.social/post/3lbyzq2v7a22k",
         *       "text": "Spring menu is live",
         *       "createdAt": "2026-11-20T09:30:00.000Z",
         *       "kind": "post"
         *     }
         */
        AccountPost: {
            /** @description The network's post id (an `at://` URI on Bluesky), the same value as a Chorus target's `networkPostId`. */
            id: string;
            /** @description The Chorus `post_` id when the post was published through Chorus; null for posts made elsewhere. */
            postId: string | null;
            account: string;
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            url: string | null;
            text: string | null;
            /** @description ISO 8601 UTC, when the network says the post was made. */
            createdAt: string;
            /** @description `post`, or the network's kind: `video` (YouTube, TikTok, Facebook and Instagram videos), `reel` (Instagram), `repost` (Threads), `pin` or `repin` (Pinterest), `event`, `offer` or `alert` (Google Business local posts). */
            kind: string;
        };
        AccountPostList: {
            items: components["schemas"]["AccountPost"][];
            /** @description Opaque; pass it back as `cursor` for the next page. Null at the end. */
            cursor: string | null;
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            /** @description Why the account could not be read for this page, when it could not: the network has no such read (`capability_unsupported`), the connection must be renewed (`needs_reauth`), or the network failed or timed out (`platform_unavailable`, `retryable`). Empty `items` with no problem means there is nothing to list. */
            problems: components["schemas"]["ReadProblem"][];
        };
        SocialActorList: {
            items: components["schemas"]["SocialActor"][];
            /** @description Opaque; pass it back as `cursor` for the next page. Null at the end. */
            cursor: string | null;
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            /** @description Why the account could not be read for this page, when it could not: the network has no such read (`capability_unsupported`), the connection must be renewed (`needs_reauth`), or the network failed or timed out (`platform_unavailable`, `retryable`). Empty `items` with no problem means there is nothing to list. */
            problems: components["schemas"]["ReadProblem"][];
        };
        /**
         * @example {
         *       "id": "accounts/1048576/locations/2097152/reviews/AbFvOqk3Lm9xQ2",
         *       "account": "acc_7Hq2xWm9Lr4Tb8Zc",
         *       "platform": "googlebusiness",
         *       "target": "accounts/1048576/locations/2097152",
         *       "rating": {
         *         "stars": 5,
         *         "recommendation": null
         *       },
         *       "text": "Best sourdough in town.",
         *       "author": {
         *         "id": "",
         *         "handle": "Dana K.",
         *         "displayName": "Dana K.",
         *         "avatarUrl": null,
         *         "url": null,
         *         "platform": "googlebusiness"
         *       },
         *       "createdAt": "2026-11-20T09:30:00.000Z",
         *       "reply": {
         *         "text": "Thank you, Dana!",
         *         "updatedAt": "2026-11-20T10:00:00.000Z"
         *       }
         *     }
         */
        Review: {
            /** @description The network's own review id (Google Business: the resource name `accounts/{a}/locations/{l}/reviews/{r}`; Facebook: the recommendation's story id). Send it, percent-encoded, to POST /v1/comments/{id}/replies to answer (Google keeps one answer and replaces it) and to DELETE /v1/comments/{id} to delete your answer. */
            id: string;
            account: string;
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            /** @description The location or page reviewed. */
            target: string;
            /** @description Null where the network gives none. */
            rating: {
                /** @description One to five stars (Google Business); null where the network asks for a recommendation instead. */
                stars: (1 | 2 | 3 | 4 | 5) | null;
                /** @description Whether the person recommends the page (Facebook); null where the network counts stars. */
                recommendation: ("positive" | "negative") | null;
            } | null;
            /** @description Null for a rating without words. */
            text: string | null;
            author: components["schemas"]["SocialActor"];
            /** @description ISO 8601 UTC. */
            createdAt: string;
            /** @description Your answer to the review, or null. */
            reply: {
                text: string;
                updatedAt: string;
            } | null;
        };
        ReviewList: {
            items: components["schemas"]["Review"][];
            /** @description Opaque; pass it back as `cursor` (with the same `target`) for the next page. Null at the end. */
            cursor: string | null;
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            /** @description Why the reviews could not be read for this page, when they could not: the connection must be renewed (`needs_reauth`) or the network failed or timed out (`platform_unavailable`, `retryable`). */
            problems: components["schemas"]["ReadProblem"][];
        };
        /**
         * @example {
         *       "id": "at://did:plc:4fz3jmkx2ksr7v6tqy5kuwiz/app.bsky.feed.post/3lbq6a2xk7c2a",
         *       "account": "acc_7Hq2xWm9Lr4Tb8Zc",
         *       "platform": "bluesky",
         *       "postId": "post_Vd8kQ2nR5tYw3Lz9",
         *       "networkPostId": "at://did:plc:w3m6q2x7kbyv5tzr4hnd2lsa/app.bsky.feed.post/3lbq5zmmwq22e",
         *       "parentId": null,
         *       "author": {
         *         "id": "did:plc:4fz3jmkx2ksr7v6tqy5kuwiz",
         *         "handle": "carol.example.com",
         *         "displayName": "Carol",
         *         "avatarUrl": null,
         *         "url": "https://bsky.app/profile/carol.example.com",
         *         "platform": "bluesky"
         *       },
         *       "text": "Congratulations!",
         *       "createdAt": "2026-03-02T10:15:00.000Z",
         *       "hidden": false,
         *       "own": false,
         *       "likeCount": 2,
         *       "replyCount": 0
         *     }
         */
        Comment: {
            /** @description The network's own comment id, passed through: what hide, delete and replies take (percent-encoded in the path). */
            id: string;
            /** @description `acc_…` the post was published on; send it as `account` to moderate this comment. */
            account: string;
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            /** @description The Chorus `post_` id. */
            postId: string;
            networkPostId: string;
            /** @description The comment this one answers; null for a comment on the post itself. */
            parentId: string | null;
            author: {
                /** @description The network's own user id (a DID on Bluesky). */
                id: string;
                handle: string;
                displayName: string | null;
                avatarUrl: string | null;
                url: string | null;
                /** @enum {string} */
                platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            };
            text: string;
            /** @description ISO 8601 UTC. */
            createdAt: string;
            /** @description Hidden by the account; null where the network does not say (X). */
            hidden: boolean | null;
            /** @description Written by the connected account itself (a reply made through Chorus or in the network's app); never delivered as comment.received. */
            own: boolean;
            /** @description Null where the network does not publish it. */
            likeCount: number | null;
            /** @description Null where the network does not publish it. */
            replyCount: number | null;
            /** @description Only with `nested=true`: the answers, newest first, each with its own `replies`. */
            replies?: components["schemas"]["Comment"][];
        };
        CommentList: {
            items: components["schemas"]["Comment"][];
            /** @description Opaque; null at the end. Holds a position per network. */
            cursor: string | null;
            /** @description Every target that could not be read for this page, and why (`capability_unsupported` for a network without comments). */
            problems: components["schemas"]["ReadProblem"][];
        };
        /**
         * @example {
         *       "account": "acc_7Hq2xWm9Lr4Tb8Zc",
         *       "platform": "twitter",
         *       "hidden": true,
         *       "ok": true
         *     }
         */
        CommentHidden: {
            account: string;
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            hidden: boolean;
            /** @constant */
            ok: true;
        };
        /**
         * @example {
         *       "account": "acc_7Hq2xWm9Lr4Tb8Zc",
         *       "hidden": true
         *     }
         */
        HideCommentRequest: {
            /** @description The connection the post (and so the comment) is on: the `account` of the comment in GET /v1/posts/{id}/comments. */
            account: string;
            /**
             * @description `false` makes a hidden comment visible again.
             * @default true
             */
            hidden: boolean;
        };
        /**
         * @example {
         *       "account": "acc_7Hq2xWm9Lr4Tb8Zc",
         *       "platform": "bluesky",
         *       "ok": true
         *     }
         */
        CommentDeleted: {
            account: string;
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            /** @constant */
            ok: true;
        };
        /**
         * @example {
         *       "account": "acc_7Hq2xWm9Lr4Tb8Zc"
         *     }
         */
        DeleteCommentRequest: {
            /** @description The connection the post (and so the comment) is on: the `account` of the comment in GET /v1/posts/{id}/comments. */
            account: string;
        };
        /**
         * @example {
         *       "account": "acc_7Hq2xWm9Lr4Tb8Zc",
         *       "platform": "twitter",
         *       "id": "1899123456789012345",
         *       "ok": true
         *     }
         */
        CommentReply: {
            account: string;
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            /** @description The network's id of the answer; it is a comment like any other (delete it with DELETE /v1/comments/{id}). */
            id: string;
            /** @constant */
            ok: true;
        };
        /**
         * @example {
         *       "account": "acc_7Hq2xWm9Lr4Tb8Zc",
         *       "text": "Thank you!"
         *     }
         */
        CommentReplyRequest: {
            /** @description The connection the post (and so the comment) is on: the `account` of the comment in GET /v1/posts/{id}/comments. */
            account: string;
            /** @description The answer, posted as the account. */
            text: string;
        };
        /**
         * @example {
         *       "id": "live_4Tq9WmZ2cX8bRk1sLp7N",
         *       "account": "acc_7Hq2xWm9Lr4Tb8Zc",
         *       "platform": "facebook",
         *       "pageId": "104857600123456",
         *       "networkId": "1029384756102938",
         *       "title": "Launch day, live",
         *       "description": "Questions welcome in the comments.",
         *       "status": "scheduled",
         *       "networkStatus": "SCHEDULED_UNPUBLISHED",
         *       "scheduledStartTime": "2026-11-25T17:00:00.000Z",
         *       "startedAt": null,
         *       "endedAt": null,
         *       "permalinkUrl": "https://www.facebook.com/104857600123456/videos/1029384756102940/",
         *       "replayUrl": null,
         *       "statusCheckedAt": "2026-11-24T09:00:00.000Z",
         *       "createdAt": "2026-11-24T09:00:00.000Z"
         *     }
         */
        LiveBroadcast: {
            /** @description Chorus's id, `live_…`. */
            id: string;
            /** @description `acc_…` the broadcast belongs to. */
            account: string;
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            /** @description The page it is on (Facebook), or null where the account is the channel. */
            pageId: string | null;
            /** @description The network's own id (Facebook LiveVideo id, YouTube liveBroadcast id). */
            networkId: string;
            title: string | null;
            description: string | null;
            /**
             * @description Chorus's status, mapped from the network's (`networkStatus`). `scheduled`: announced for `scheduledStartTime`, not live (Facebook SCHEDULED_UNPUBLISHED, SCHEDULED_LIVE). `ready`: prepared, waiting for start (Facebook UNPUBLISHED; YouTube created, ready, testStarting, testing; a YouTube broadcast always has a scheduledStartTime). `live`: on air (Facebook LIVE; YouTube liveStarting, live). `ended`: over; a recording, when the network keeps one, follows as `replay_ready` (LIVE_STOPPED; also a scheduled broadcast cancelled or expired, SCHEDULED_CANCELED or SCHEDULED_EXPIRED, which has none). `processing`: over, the network reports the replay being made (PROCESSING). `replay_ready`: `replayUrl` plays the recording (Facebook VOD; YouTube complete and recorded). YouTube `complete` without a recording is `ended`; `revoked` is `failed`. `failed`: the network removed it, or a status Chorus does not recognise. Transitions: `scheduled` or `ready` -> `live` by POST .../start; `live` -> `ended` by POST .../end, then `replay_ready` once the network has processed it; `scheduled` -> `ended` by POST .../end (cancels it). Any other operation is 409 `broadcast_state_invalid`.
             * @enum {string}
             */
            status: "scheduled" | "ready" | "live" | "ended" | "processing" | "replay_ready" | "failed";
            /** @description The network's own status value, unmapped. */
            networkStatus: string;
            /** @description ISO 8601 UTC start announced for a scheduled broadcast. */
            scheduledStartTime: string | null;
            /** @description When it went live, as the network reports it (or when Chorus first saw it live). */
            startedAt: string | null;
            /** @description When Chorus first saw it over. */
            endedAt: string | null;
            /** @description The broadcast's page on the network. */
            permalinkUrl: string | null;
            /** @description The recording, once the network has one (`replay_ready`); null before. */
            replayUrl: string | null;
            /** @description When `status` was last read from the network. GET of one broadcast always reads it now; the list shows the last known. */
            statusCheckedAt: string;
            createdAt: string;
        };
        LiveBroadcastList: {
            items: components["schemas"]["LiveBroadcast"][];
            cursor: string | null;
        };
        /**
         * @description Where the encoder sends the stream.
         * @example {
         *       "url": "rtmps://live-api-s.facebook.com:443/rtmp/",
         *       "streamKey": "FB-1029384756102938-0-AbxYz0123456789"
         *     }
         */
        LiveIngestCredentials: {
            /** @description The RTMPS server URL to put in the encoder (OBS: Server). */
            url: string;
            /** @description The stream key (OBS: Stream Key). A secret: whoever holds it can broadcast on the page. */
            streamKey: string;
        };
        /**
         * @example {
         *       "id": "live_4Tq9WmZ2cX8bRk1sLp7N",
         *       "account": "acc_7Hq2xWm9Lr4Tb8Zc",
         *       "platform": "facebook",
         *       "pageId": "104857600123456",
         *       "networkId": "1029384756102938",
         *       "title": "Launch day, live",
         *       "description": "Questions welcome in the comments.",
         *       "status": "scheduled",
         *       "networkStatus": "SCHEDULED_UNPUBLISHED",
         *       "scheduledStartTime": "2026-11-25T17:00:00.000Z",
         *       "startedAt": null,
         *       "endedAt": null,
         *       "permalinkUrl": "https://www.facebook.com/104857600123456/videos/1029384756102940/",
         *       "replayUrl": null,
         *       "statusCheckedAt": "2026-11-24T09:00:00.000Z",
         *       "createdAt": "2026-11-24T09:00:00.000Z",
         *       "ingest": {
         *         "url": "rtmps://live-api-s.facebook.com:443/rtmp/",
         *         "streamKey": "FB-1029384756102938-0-AbxYz0123456789"
         *       }
         *     }
         */
        CreatedLiveBroadcast: {
            /** @description Chorus's id, `live_…`. */
            id: string;
            /** @description `acc_…` the broadcast belongs to. */
            account: string;
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            /** @description The page it is on (Facebook), or null where the account is the channel. */
            pageId: string | null;
            /** @description The network's own id (Facebook LiveVideo id, YouTube liveBroadcast id). */
            networkId: string;
            title: string | null;
            description: string | null;
            /**
             * @description Chorus's status, mapped from the network's (`networkStatus`). `scheduled`: announced for `scheduledStartTime`, not live (Facebook SCHEDULED_UNPUBLISHED, SCHEDULED_LIVE). `ready`: prepared, waiting for start (Facebook UNPUBLISHED; YouTube created, ready, testStarting, testing; a YouTube broadcast always has a scheduledStartTime). `live`: on air (Facebook LIVE; YouTube liveStarting, live). `ended`: over; a recording, when the network keeps one, follows as `replay_ready` (LIVE_STOPPED; also a scheduled broadcast cancelled or expired, SCHEDULED_CANCELED or SCHEDULED_EXPIRED, which has none). `processing`: over, the network reports the replay being made (PROCESSING). `replay_ready`: `replayUrl` plays the recording (Facebook VOD; YouTube complete and recorded). YouTube `complete` without a recording is `ended`; `revoked` is `failed`. `failed`: the network removed it, or a status Chorus does not recognise. Transitions: `scheduled` or `ready` -> `live` by POST .../start; `live` -> `ended` by POST .../end, then `replay_ready` once the network has processed it; `scheduled` -> `ended` by POST .../end (cancels it). Any other operation is 409 `broadcast_state_invalid`.
             * @enum {string}
             */
            status: "scheduled" | "ready" | "live" | "ended" | "processing" | "replay_ready" | "failed";
            /** @description The network's own status value, unmapped. */
            networkStatus: string;
            /** @description ISO 8601 UTC start announced for a scheduled broadcast. */
            scheduledStartTime: string | null;
            /** @description When it went live, as the network reports it (or when Chorus first saw it live). */
            startedAt: string | null;
            /** @description When Chorus first saw it over. */
            endedAt: string | null;
            /** @description The broadcast's page on the network. */
            permalinkUrl: string | null;
            /** @description The recording, once the network has one (`replay_ready`); null before. */
            replayUrl: string | null;
            /** @description When `status` was last read from the network. GET of one broadcast always reads it now; the list shows the last known. */
            statusCheckedAt: string;
            createdAt: string;
            ingest: components["schemas"]["LiveIngestCredentials"];
        };
        /**
         * @example {
         *       "pageId": "104857600123456",
         *       "title": "Launch day, live",
         *       "description": "Questions welcome in the comments.",
         *       "scheduledStartTime": "2026-11-25T17:00:00Z"
         *     }
         */
        CreateLiveBroadcastRequest: {
            /** @description Facebook: the page to broadcast on, from GET /v1/social-accounts/{id}/targets. Required there. */
            pageId?: string;
            /** @description Shown with the broadcast. */
            title: string;
            /** @description Shown with the broadcast. */
            description?: string;
            /** @description Future ISO 8601 instant (with `Z` or an offset) to announce the broadcast for: it is `scheduled`. Facebook takes at most seven days ahead (400 `broadcast_schedule_too_far`). Omit to prepare a `ready` broadcast you start with POST .../start. */
            scheduledStartTime?: string;
        };
        /**
         * @example {
         *       "id": "live_4Tq9WmZ2cX8bRk1sLp7N",
         *       "ingest": {
         *         "url": "rtmps://live-api-s.facebook.com:443/rtmp/",
         *         "streamKey": "FB-1029384756102938-0-AbxYz0123456789"
         *       }
         *     }
         */
        RevealedLiveCredentials: {
            /** @description `live_…` */
            id: string;
            ingest: components["schemas"]["LiveIngestCredentials"];
        };
        DiscoveredAuthor: {
            /** @description The network's own user id (a DID on Bluesky). */
            id: string;
            handle: string;
            displayName: string | null;
            avatarUrl: string | null;
            url: string | null;
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
        };
        /**
         * @example {
         *       "id": "at://did:plc:4q2vbgg7ftuvbsx6eau3p2zj/app.bsky.feed.post/3lbx7kd2nxs2a",
         *       "account": "acc_7Hq2xWm9Lr4Tb8Zc",
         *       "platform": "bluesky",
         *       "url": "https://bsky.app/profile/alice.bsky.social/post/3lbx7kd2nxs2a",
         *       "text": "Sourdough day #baking",
         *       "author": {
         *         "id": "did:plc:4q2vbgg7ftuvbsx6eau3p2zj",
         *         "handle": "alice.bsky.social",
         *         "displayName": "Alice",
         *         "avatarUrl": null,
         *         "url": "https://bsky.app/profile/alice.bsky.social",
         *         "platform": "bluesky"
         *       },
         *       "authorHidden": false,
         *       "mediaType": "text",
         *       "createdAt": "2026-11-20T09:30:00.000Z",
         *       "likeCount": 12,
         *       "replyCount": 3,
         *       "repostCount": 1
         *     }
         */
        DiscoveredPost: {
            /** @description The network's own post id (a record URI on Bluesky). */
            id: string;
            /** @description `acc_…` whose connection found it. */
            account: string;
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            url: string | null;
            text: string | null;
            /** @description Who wrote it; null when `authorHidden`. */
            author: components["schemas"]["DiscoveredAuthor"] | null;
            /** @description True where the network does not say who wrote it (Instagram hashtag search): such results never name their author. */
            authorHidden: boolean;
            /** @enum {string} */
            mediaType: "text" | "image" | "video";
            /** @description ISO 8601 UTC. */
            createdAt: string;
            /** @description Likes; null where the network does not publish it (null is not zero). */
            likeCount: number | null;
            /** @description Replies or comments; null where the network does not publish it (null is not zero). */
            replyCount: number | null;
            /** @description Reposts; null where the network does not publish it (null is not zero). */
            repostCount: number | null;
        };
        DiscoveredPostList: {
            items: components["schemas"]["DiscoveredPost"][];
            /** @description Opaque; null at the end. Holds a position per network. */
            cursor: string | null;
            /** @description Every account that could not search (or read) for this page, and why. */
            problems: components["schemas"]["ReadProblem"][];
        };
        /**
         * @example {
         *       "id": "2244994945",
         *       "account": "acc_7Hq2xWm9Lr4Tb8Zc",
         *       "platform": "twitter",
         *       "handle": "XDevelopers",
         *       "displayName": "Developers",
         *       "bio": "The voice of the X Dev team",
         *       "avatarUrl": null,
         *       "url": "https://x.com/XDevelopers",
         *       "website": null,
         *       "verified": true,
         *       "followersCount": 570000,
         *       "followingCount": 2000,
         *       "postsCount": 3800
         *     }
         */
        PublicProfile: {
            /** @description The network's own id: a user id, a LinkedIn organization URN, or the username on Threads, whose profile lookup answers no id. */
            id: string;
            /** @description `acc_…` whose connection looked it up. */
            account: string;
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
            handle: string;
            displayName: string | null;
            bio: string | null;
            avatarUrl: string | null;
            url: string | null;
            website: string | null;
            /** @description The network's verification mark; null where it publishes none. */
            verified: boolean | null;
            /** @description Followers; null where the network does not publish it (null is not zero). */
            followersCount: number | null;
            /** @description Accounts followed; null where the network does not publish it (null is not zero). */
            followingCount: number | null;
            /** @description Posts; null where the network does not publish it (null is not zero). */
            postsCount: number | null;
        };
        /**
         * @example {
         *       "id": "17841400000000001",
         *       "handle": "sample_creator_1",
         *       "displayName": "Sample Creator",
         *       "avatarUrl": null,
         *       "bio": "Test data from the creator marketplace.",
         *       "country": "US",
         *       "categories": [
         *         "FOOD_AND_DRINK"
         *       ],
         *       "portfolioUrl": null,
         *       "platforms": [
         *         "instagram"
         *       ],
         *       "verified": false,
         *       "hasBrandPartnershipExperience": true,
         *       "followsBrand": null,
         *       "sample": true
         *     }
         */
        Creator: {
            id: string;
            handle: string;
            displayName: string | null;
            avatarUrl: string | null;
            bio: string | null;
            country: string | null;
            categories: string[];
            /** @description A link to the creator's work; null for test results. */
            portfolioUrl: string | null;
            platforms: ("tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness")[];
            verified: boolean | null;
            hasBrandPartnershipExperience: boolean | null;
            followsBrand: boolean | null;
            /** @description True means test data: never use it for outreach. */
            sample: boolean;
        };
        CreatorList: {
            items: components["schemas"]["Creator"][];
            /** @description Opaque; null at the end. */
            cursor: string | null;
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
        };
        /**
         * @example {
         *       "id": "110843418940484",
         *       "name": "Eiffel Tower",
         *       "address": "Champ de Mars, 5 Avenue Anatole France",
         *       "city": "Paris",
         *       "country": "France",
         *       "latitude": 48.8584,
         *       "longitude": 2.2945
         *     }
         */
        Place: {
            /** @description Goes in `platformOptions.<platform>.locationId`; works only on this network. */
            id: string;
            name: string;
            address: string | null;
            city: string | null;
            country: string | null;
            latitude: number | null;
            longitude: number | null;
        };
        PlaceList: {
            items: components["schemas"]["Place"][];
            /** @enum {string} */
            platform: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
        };
        /**
         * @example {
         *       "id": "agt_6Ty3Np8Rm2Kc5Wd9Hq1X",
         *       "clientId": "oc_Qm3Zt8Lw2Rk9Xv4Bn7Cd1Fs6",
         *       "clientName": "Claude",
         *       "nickname": "launch-bot",
         *       "nicknameLocked": false,
         *       "mode": "test",
         *       "grant": {
         *         "profiles": [
         *           "prf_8Kd2Lw9Qx4Zr7Tb1Mn3V"
         *         ],
         *         "platforms": [
         *           "bluesky",
         *           "linkedin"
         *         ],
         *         "actions": [
         *           "read",
         *           "draft",
         *           "publish_or_schedule"
         *         ],
         *         "creditsPerDay": 5,
         *         "purchasedCredits": false,
         *         "requireApproval": true
         *       },
         *       "spentToday": 2,
         *       "createdAt": "2026-11-24T09:00:00.000Z",
         *       "lastUsedAt": "2026-11-24T10:12:00.000Z"
         *     }
         */
        Agent: {
            /** @description `agt_…` */
            id: string;
            /** @description The OAuth client the agent registered (`oc_…`). */
            clientId: string;
            /** @description The name the client registered with. */
            clientName: string;
            /** @description The display nickname the agent chose (PATCH /v1/me/agent), or null. */
            nickname: string | null;
            nicknameLocked: boolean;
            /**
             * @description `test`: the sandbox networks, as a test key; `live`: the real accounts. The owner's dashboard mode at approval.
             * @enum {string}
             */
            mode: "test" | "live";
            grant: components["schemas"]["AgentGrant"];
            /** @description Credits it spent today (UTC): its posts (a scheduled post counts on the day it was scheduled) and billed replies, less what came back when a network refused them or a scheduled post was cancelled before it was sent (given back on the day it was charged). */
            spentToday: number;
            /** Format: date-time */
            createdAt: string;
            /** @description Last authenticated request, to the minute. */
            lastUsedAt: string | null;
        };
        /**
         * @example {
         *       "items": [
         *         {
         *           "id": "agt_6Ty3Np8Rm2Kc5Wd9Hq1X",
         *           "clientId": "oc_Qm3Zt8Lw2Rk9Xv4Bn7Cd1Fs6",
         *           "clientName": "Claude",
         *           "nickname": "launch-bot",
         *           "nicknameLocked": false,
         *           "mode": "test",
         *           "grant": {
         *             "profiles": [
         *               "prf_8Kd2Lw9Qx4Zr7Tb1Mn3V"
         *             ],
         *             "platforms": [
         *               "bluesky",
         *               "linkedin"
         *             ],
         *             "actions": [
         *               "read",
         *               "draft",
         *               "publish_or_schedule"
         *             ],
         *             "creditsPerDay": 5,
         *             "purchasedCredits": false,
         *             "requireApproval": true
         *           },
         *           "spentToday": 2,
         *           "createdAt": "2026-11-24T09:00:00.000Z",
         *           "lastUsedAt": "2026-11-24T10:12:00.000Z"
         *         }
         *       ],
         *       "cursor": null
         *     }
         */
        AgentList: {
            items: components["schemas"]["Agent"][];
            /** @description Always null: every agent is on one page. */
            cursor: null;
        };
        /**
         * @example {
         *       "grant": {
         *         "profiles": null,
         *         "platforms": [
         *           "bluesky"
         *         ],
         *         "actions": [
         *           "read"
         *         ],
         *         "creditsPerDay": 0,
         *         "purchasedCredits": false
         *       }
         *     }
         */
        UpdateAgentGrantRequest: {
            /** @description The whole new grant; it applies from the agent's next request. */
            grant?: {
                /** @description Profile ids (`prf_…`) the agent may act for; `null`: every profile, and accounts outside any profile. `[]`: none. */
                profiles: string[] | null;
                /** @description Networks the agent may reach; `null`: every network. */
                platforms: ("tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness")[] | null;
                /** @description What it may do: `read` (posts, accounts, analytics, inbox), `draft` (drafts, validation, media upload), `publish_or_schedule`, `reply_and_message`, `engage` (like, repost, follow, block, mute), `delete` (cancel, retract, delete). */
                actions: ("read" | "draft" | "publish_or_schedule" | "reply_and_message" | "engage" | "delete")[];
                /** @description Credits its posts may spend per UTC day. */
                creditsPerDay: number;
                /** @description Whether credits bought up front may pay for its posts (the monthly allowance and granted credits always may). */
                purchasedCredits: boolean;
                /** @description `true`: every post the agent publishes or schedules waits in `pending_approval` until a person approves it (POST /v1/posts/{id}/approve with an API key, or a signed approval link); nothing is sent or charged before. Omitted: `false`. */
                requireApproval?: boolean;
                /** @description When the grant ends (ISO 8601, in the future when set): after it every call is 403 `agent_grant_expired` until the owner renews it. Null or absent: it does not expire. */
                expiresAt?: string | null;
            };
            /** @description `true` stops the agent from changing its nickname (PATCH /v1/me/agent answers 403). */
            nicknameLocked?: boolean;
        };
        /**
         * @example {
         *       "id": "agt_6Ty3Np8Rm2Kc5Wd9Hq1X",
         *       "revoked": true
         *     }
         */
        RevokedAgent: {
            id: string;
            /** @constant */
            revoked: true;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key's workspace and the key itself. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            /** @description Error. Codes: `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLimits: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The limits view. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Limits"];
                };
            };
            /** @description Error. Codes: `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateAgentNickname: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAgentRequest"];
            };
        };
        responses: {
            /** @description The agent identity. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentIdentity"];
                };
            };
            /** @description Error. Codes: `field_unknown`, `field_wrong_type`, `field_invalid`, `field_required`, `body_not_json`, `text_invalid_characters`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `nickname_locked`, `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The export. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountExport"];
                };
            };
            /** @description Error. Codes: `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAuditEvents: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100; default 100. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Audit events. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEventList"];
                };
            };
            /** @description Error. Codes: `field_unknown`, `field_invalid`, `text_invalid_characters`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEmailPreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workspace's email preferences. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailPreferences"];
                };
            };
            /** @description Error. Codes: `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateEmailPreferences: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["UpdateEmailPreferencesRequest"];
            };
        };
        responses: {
            /** @description The preferences after the change. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailPreferences"];
                };
            };
            /** @description Error. Codes: `field_unknown`, `field_wrong_type`, `field_invalid`, `body_not_json`, `text_invalid_characters`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProfiles: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100; default 50. */
                limit?: number;
                /** @description The `cursor` of the previous page, passed back verbatim. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of profiles. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProfileList"];
                };
            };
            /** @description Error. Codes: `field_unknown`, `field_invalid`, `cursor_invalid`, `text_invalid_characters`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createProfile: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateProfileRequest"];
            };
        };
        responses: {
            /** @description The new profile. */
            201: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Profile"];
                };
            };
            /** @description Error. Codes: `field_unknown`, `field_wrong_type`, `field_invalid`, `field_required`, `body_not_json`, `text_invalid_characters`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `username_taken`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getQueue: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `prf_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The queue; an empty one in UTC when none was set. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Queue"];
                };
            };
            /** @description Error. Codes: `field_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_profile`, `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putQueue: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description `prf_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PutQueueRequest"];
            };
        };
        responses: {
            /** @description The queue as stored. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Queue"];
                };
            };
            /** @description Error. Codes: `field_invalid`, `field_unknown`, `field_required`, `field_wrong_type`, `body_not_json`, `timezone_invalid`, `text_invalid_characters`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_profile`, `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    nextQueueSlots: {
        parameters: {
            query?: {
                /** @description How many free slots to list, 1 to 50; default 1. */
                count?: number;
            };
            header?: never;
            path: {
                /** @description `prf_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The next free slots. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QueueNextSlots"];
                };
            };
            /** @description Error. Codes: `field_invalid`, `field_unknown`, `text_invalid_characters`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_profile`, `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `queue_empty`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSeries: {
        parameters: {
            query?: {
                /** @description Only series in this state. */
                state?: "active" | "paused" | "ended" | "cancelled";
                /** @description Page size, 1 to 100; default 50. */
                limit?: number;
                /** @description The `cursor` of the previous page, passed back verbatim. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of series. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SeriesList"];
                };
            };
            /** @description Error. Codes: `field_unknown`, `field_invalid`, `field_wrong_type`, `cursor_invalid`, `text_invalid_characters`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createSeries: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateSeriesRequest"];
            };
        };
        responses: {
            /** @description The new series. */
            201: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Series"];
                };
            };
            /** @description Error. Codes: `field_unknown`, `field_wrong_type`, `field_invalid`, `body_not_json`, `text_invalid_characters`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_owner_only`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `queue_empty`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSeries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `ser_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The series. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Series"];
                };
            };
            /** @description Error. Codes: `field_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_platform`, `agent_grant_profile`, `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelSeries: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description `ser_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cancelled series. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Series"];
                };
            };
            /** @description Error. Codes: `field_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_platform`, `agent_grant_profile`, `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `series_state_invalid`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    editSeries: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description `ser_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PatchSeriesRequest"];
            };
        };
        responses: {
            /** @description The series after the change. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Series"];
                };
            };
            /** @description Error. Codes: `field_invalid`, `field_unknown`, `field_wrong_type`, `body_not_json`, `recurrence_invalid`, `recurrence_count_exceeded`, `recurrence_until_past`, `timezone_invalid`, `option_invalid`, `text_invalid_characters`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_platform`, `agent_grant_profile`, `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `resource_not_found`, `media_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `series_state_invalid`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    pauseSeries: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description `ser_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The paused series. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Series"];
                };
            };
            /** @description Error. Codes: `field_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_platform`, `agent_grant_profile`, `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `series_state_invalid`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resumeSeries: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description `ser_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The resumed series. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Series"];
                };
            };
            /** @description Error. Codes: `field_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_platform`, `agent_grant_profile`, `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `series_state_invalid`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPlatforms: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One capability record per network. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformList"];
                };
            };
            /** @description Error. Codes: `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPlatform: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Network identifier, e.g. `bluesky`. */
                platform: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The network's capability record. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Platform"];
                };
            };
            /** @description Error. Codes: `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    connectSocialAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConnectAccountRequest"];
            };
        };
        responses: {
            /** @description The connected account. */
            201: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SocialAccount"];
                };
            };
            /** @description Error. Codes: `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`, `connect_link_required`, `app_credentials_missing`, `url_unreachable`, `text_invalid_characters`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `profile_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_unavailable`. */
            502: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSocialAccounts: {
        parameters: {
            query?: {
                /** @description Only accounts owned by this profile (username). */
                profile?: string;
                /** @description Page size, 1 to 100; default 50. */
                limit?: number;
                /** @description The `cursor` of the previous page, passed back verbatim. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of accounts. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SocialAccountList"];
                };
            };
            /** @description Error. Codes: `field_unknown`, `field_invalid`, `cursor_invalid`, `text_invalid_characters`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `profile_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSocialAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `acc_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SocialAccount"];
                };
            };
            /** @description Error. Codes: `field_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    disconnectSocialAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description `acc_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Disconnected. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DisconnectResult"];
                };
            };
            /** @description Error. Codes: `field_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAccountTargets: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `acc_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account's destinations. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountTargetList"];
                };
            };
            /** @description Error. Codes: `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `needs_reauth`, `missing_scope`, `missing_permission`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_rejected`. */
            422: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_unavailable`. */
            502: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAccountPublishInfo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `acc_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The creator's constraints now. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublishInfo"];
                };
            };
            /** @description Error. Codes: `field_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `publish_info_unsupported`, `account_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `needs_reauth`, `missing_scope`, `missing_permission`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_rejected`. */
            422: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `quota_exceeded`, `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_unavailable`. */
            502: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAccountAllowance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `acc_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The allowance. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Allowance"];
                };
            };
            /** @description Error. Codes: `capability_unsupported`, `field_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `needs_reauth`, `missing_scope`, `missing_permission`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_rejected`. */
            422: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_unavailable`. */
            502: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateAccountProfile: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description `acc_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateNetworkProfileRequest"];
            };
        };
        responses: {
            /** @description The network accepted the change. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NetworkProfileResult"];
                };
            };
            /** @description Error. Codes: `capability_unsupported`, `media_type_unsupported`, `url_unreachable`, `field_unknown`, `field_wrong_type`, `field_invalid`, `body_not_json`, `text_invalid_characters`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `needs_reauth`, `missing_scope`, `missing_permission`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `media_too_large`, `platform_rejected`. */
            422: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_unavailable`. */
            502: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    subscribeAccountWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description `acc_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SubscribeWebhookRequest"];
            };
        };
        responses: {
            /** @description The subscription. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSubscription"];
                };
            };
            /** @description Error. Codes: `capability_unsupported`, `field_unknown`, `field_wrong_type`, `field_invalid`, `body_not_json`, `text_invalid_characters`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `needs_reauth`, `missing_scope`, `missing_permission`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_rejected`. */
            422: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_unavailable`. */
            502: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAccountAdAccounts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `acc_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The ad accounts. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdAccountList"];
                };
            };
            /** @description Error. Codes: `capability_unsupported`, `photo_page_door_required`, `field_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `needs_reauth`, `missing_scope`, `missing_permission`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_rejected`. */
            422: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_unavailable`. */
            502: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAccountBrandedPartners: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `acc_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The partners. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrandedPartnerList"];
                };
            };
            /** @description Error. Codes: `capability_unsupported`, `photo_page_door_required`, `field_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `needs_reauth`, `missing_scope`, `missing_permission`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `branded_content_not_enabled`, `platform_rejected`. */
            422: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_unavailable`. */
            502: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAccountEvents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `acc_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The upcoming events. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChannelEventList"];
                };
            };
            /** @description Error. Codes: `capability_unsupported`, `field_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `needs_reauth`, `missing_scope`, `missing_permission`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `video_no_channel`, `platform_rejected`. */
            422: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_unavailable`. */
            502: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCredentials: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One entry per network with credentials. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CredentialList"];
                };
            };
            /** @description Error. Codes: `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    saveCredentials: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SaveCredentialsRequest"];
            };
        };
        responses: {
            /** @description Replaced the network's earlier credentials. The secret is not echoed. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Credential"];
                };
            };
            /** @description Saved the network's first credentials. The secret is not echoed. */
            201: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Credential"];
                };
            };
            /** @description Error. Codes: `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`, `body_not_json`, `text_invalid_characters`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteCredentials: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description A network identifier: tiktok, instagram, facebook, twitter, youtube, pinterest, linkedin, bluesky, threads, googlebusiness. */
                platform: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteCredentialsResult"];
                };
            };
            /** @description Error. Codes: `field_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_unknown`, `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getConnectLink: {
        parameters: {
            query?: {
                /** @description Go straight to this network's door instead of the list. */
                platform?: "tiktok" | "instagram" | "facebook" | "twitter" | "youtube" | "pinterest" | "linkedin" | "bluesky" | "threads" | "googlebusiness";
                /** @description Instagram: the door to open. `facebook_login` (through a Facebook Page) is needed for creator search and branded partners; default `instagram_login`. LinkedIn: `member` (Sign In + Share on LinkedIn: the person's own profile) or `organization` (Community Management API: the profile and the company pages the person may post for); each asks only for its product's permissions, and only the products the server's LinkedIn app has are offered (CHORUS_LINKEDIN_PRODUCTS); default the most capable one available. */
                variant?: "facebook_login" | "instagram_login" | "member" | "organization";
                /** @description Username of the profile new accounts are attached to. */
                profile?: string;
                /** @description Where the person's browser is sent when they finish, with the outcome in the query: `status=connected&account=acc_…&platform=…`, `status=denied&platform=…`, or `status=error&code=…&message=…&platform=…`. Absolute https URL of at most 2,048 characters; http only for localhost and 127.0.0.1. Without it, Chorus shows its own result page. */
                returnUrl?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectLink"];
                };
            };
            /** @description Error. Codes: `field_unknown`, `field_wrong_type`, `field_invalid`, `invalid_return_url`, `text_invalid_characters`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `profile_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createConnectLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CreateConnectLinkRequest"];
            };
        };
        responses: {
            /** @description The link. */
            201: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectLink"];
                };
            };
            /** @description Error. Codes: `field_unknown`, `field_wrong_type`, `field_invalid`, `invalid_return_url`, `text_invalid_characters`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `profile_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createMediaUpload: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateUploadRequest"];
            };
        };
        responses: {
            /** @description The session, with where to send each part. */
            201: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadSession"];
                };
            };
            /** @description Error. Codes: `field_required`, `field_invalid`, `field_unknown`, `field_wrong_type`, `body_not_json`, `media_type_unsupported`, `body_too_large`, `text_invalid_characters`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMediaUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `upl_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadSession"];
                };
            };
            /** @description Error. Codes: `field_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `upload_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    abortMediaUpload: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description `upl_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Aborted. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AbortUploadResult"];
                };
            };
            /** @description Error. Codes: `field_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `upload_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `upload_closed`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putMediaUploadPart: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                number: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/octet-stream": string;
            };
        };
        responses: {
            /** @description The part is stored. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadPartResult"];
                };
            };
            /** @description Error. Codes: `field_invalid`, `upload_part_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `upload_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `upload_closed`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    completeMediaUpload: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description `upl_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stored media record. */
            201: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Media"];
                };
            };
            /** @description Error. Codes: `field_invalid`, `media_type_unsupported`, `media_type_mismatch`, `media_corrupt`, `media_dimensions_too_large`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `upload_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `upload_closed`, `upload_incomplete`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMedia: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100; default 50. */
                limit?: number;
                /** @description The `cursor` of the previous page, passed back verbatim. */
                cursor?: string;
                /** @description Only images, only videos or only documents. */
                type?: "image" | "video" | "document";
                /** @description Only files uploaded at or after this time. */
                createdAfter?: string;
                /** @description Only files uploaded before this time. */
                createdBefore?: string;
                /** @description A post id (`post_…`): only the files that post uses. */
                usedBy?: string;
                /** @description `true`: only files no post uses (candidates to delete); `false`: only files some post uses. */
                unused?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of media records. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MediaList"];
                };
            };
            /** @description Error. Codes: `field_unknown`, `field_invalid`, `cursor_invalid`, `text_invalid_characters`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    uploadMedia: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description JSON `{ "url": … }` to import a file by URL, or the file itself as the raw body (not multipart, not base64), with its type as Content-Type: image/jpeg, image/png, image/webp, image/gif, video/mp4, video/quicktime, application/pdf, application/vnd.openxmlformats-officedocument.wordprocessingml.document, application/vnd.openxmlformats-officedocument.presentationml.presentation (`image/jpg` is read as `image/jpeg`). Limits: images 20 MB, video 512 MB, documents 100 MB (20971520, 536870912 and 104857600 bytes). */
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImportMediaRequest"];
                "image/*": string;
                "video/*": string;
                "application/pdf": string;
                "application/vnd.openxmlformats-officedocument.wordprocessingml.document": string;
                "application/vnd.openxmlformats-officedocument.presentationml.presentation": string;
            };
        };
        responses: {
            /** @description The stored media record. */
            201: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Media"];
                };
            };
            /** @description Error. Codes: `field_required`, `field_invalid`, `field_unknown`, `field_wrong_type`, `body_not_json`, `url_unreachable`, `media_type_unsupported`, `media_type_mismatch`, `media_corrupt`, `media_dimensions_too_large`, `body_too_large`, `idempotency_key_invalid`, `text_invalid_characters`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `med_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The media record. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MediaDetail"];
                };
            };
            /** @description Error. Codes: `field_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `media_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteMedia: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description `med_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteMediaResult"];
                };
            };
            /** @description Error. Codes: `field_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `media_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `media_in_use`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setSandboxFault: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description `acc_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetSandboxFaultRequest"];
            };
        };
        responses: {
            /** @description The account's fault now. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxFault"];
                };
            };
            /** @description Error. Codes: `sandbox_only`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`, `body_not_json`, `text_invalid_characters`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendSandboxInbound: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description `acc_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxInboundRequest"];
            };
        };
        responses: {
            /** @description What the simulated network sent. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxInboundResult"];
                };
            };
            /** @description Error. Codes: `sandbox_only`, `capability_unsupported`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`, `body_not_json`, `text_invalid_characters`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`, `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `webhook_not_subscribed`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    simulateSandboxActivity: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description `acc_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SimulateSandboxActivityRequest"];
            };
        };
        responses: {
            /** @description What the simulated person did. */
            201: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxActivity"];
                };
            };
            /** @description Error. Codes: `sandbox_only`, `capability_unsupported`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`, `body_not_json`, `text_invalid_characters`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`, `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    validatePost: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ValidatePostRequest"];
            };
        };
        responses: {
            /** @description Blocking errors and advisory warnings per target. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationReport"];
                };
            };
            /** @description Error. Codes: `field_unknown`, `field_wrong_type`, `field_invalid`, `text_required`, `body_not_json`, `no_target`, `no_matching_accounts`, `profile_required`, `schedule_in_past`, `timezone_invalid`, `timezone_without_schedule`, `timestamp_invalid`, `text_invalid_characters`, `queue_conflict`, `queue_profile_required`, `approval_thread_unsupported`, `recurrence_invalid`, `recurrence_count_exceeded`, `recurrence_until_past`, `recurrence_conflict`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `entitlement_exceeded`. */
            402: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `profile_unknown`, `account_unknown`, `media_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `queue_empty`, `queue_paused`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPosts: {
        parameters: {
            query?: {
                /** @description Only posts in this state. */
                state?: "draft" | "scheduled" | "processing" | "published" | "partial" | "failed" | "cancelled" | "retracted" | "pending_approval" | "rejected";
                /** @description Page size, 1 to 100; default 50. */
                limit?: number;
                /** @description The `cursor` of the previous page, passed back verbatim. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of posts. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostList"];
                };
            };
            /** @description Error. Codes: `field_unknown`, `field_invalid`, `field_wrong_type`, `cursor_invalid`, `text_invalid_characters`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPost: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePostRequest"];
            };
        };
        responses: {
            /** @description The post with one result per target. */
            201: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"];
                };
            };
            /** @description Error. Codes: `field_unknown`, `field_wrong_type`, `field_invalid`, `text_required`, `body_not_json`, `no_target`, `no_matching_accounts`, `profile_required`, `schedule_in_past`, `timezone_invalid`, `timezone_without_schedule`, `timestamp_invalid`, `text_invalid_characters`, `queue_conflict`, `queue_profile_required`, `approval_thread_unsupported`, `recurrence_invalid`, `recurrence_count_exceeded`, `recurrence_until_past`, `recurrence_conflict`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `entitlement_exceeded`. */
            402: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_daily_credits`, `agent_grant_purchased_credits`, `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `profile_unknown`, `account_unknown`, `media_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `queue_empty`, `queue_paused`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The post. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"];
                };
            };
            /** @description Error. Codes: `field_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deletePost: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What happened. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletePostResult"];
                };
            };
            /** @description Error. Codes: `field_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `post_state_invalid`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    editPost: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["EditPostRequest"];
            };
        };
        responses: {
            /** @description The post after the change; with `edit` when a published post was edited. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EditedPost"];
                };
            };
            /** @description Error. Codes: `field_unknown`, `field_wrong_type`, `field_invalid`, `text_required`, `body_not_json`, `no_target`, `no_matching_accounts`, `profile_required`, `schedule_in_past`, `timezone_invalid`, `timezone_without_schedule`, `timestamp_invalid`, `text_invalid_characters`, `queue_conflict`, `queue_profile_required`, `approval_thread_unsupported`, `recurrence_invalid`, `recurrence_count_exceeded`, `recurrence_until_past`, `recurrence_conflict`, `option_invalid`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `entitlement_exceeded`. */
            402: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `profile_unknown`, `account_unknown`, `media_unknown`, `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `queue_empty`, `queue_paused`, `post_state_invalid`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `edit_unsupported`. */
            422: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    publishDraft: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The post with one result per target. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"];
                };
            };
            /** @description Error. Codes: `field_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `entitlement_exceeded`. */
            402: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_daily_credits`, `agent_grant_purchased_credits`, `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `post_state_invalid`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retractPost: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The post after the retract, and what happened per target. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RetractResult"];
                };
            };
            /** @description Error. Codes: `field_invalid`, `field_unknown`, `text_invalid_characters`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `post_state_invalid`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApprovalSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rules in force. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalSettings"];
                };
            };
            /** @description Error. Codes: `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateApprovalSettings: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["UpdateApprovalSettingsRequest"];
            };
        };
        responses: {
            /** @description The rules after the change. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalSettings"];
                };
            };
            /** @description Error. Codes: `field_unknown`, `field_wrong_type`, `body_not_json`, `text_invalid_characters`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_owner_only`, `agent_grant_action`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `profile_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    approvePost: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ApprovePostRequest"];
            };
        };
        responses: {
            /** @description The post after the approval and the per-target check. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalResult"];
                };
            };
            /** @description Error. Codes: `field_invalid`, `field_unknown`, `field_wrong_type`, `body_not_json`, `text_invalid_characters`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `entitlement_exceeded`. */
            402: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_owner_only`, `agent_grant_action`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `post_state_invalid`, `approval_validation_failed`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rejectPost: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RejectPostRequest"];
            };
        };
        responses: {
            /** @description The rejected post. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"];
                };
            };
            /** @description Error. Codes: `field_invalid`, `field_unknown`, `field_wrong_type`, `body_not_json`, `text_invalid_characters`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_owner_only`, `agent_grant_action`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `post_state_invalid`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createApprovalLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link. */
            201: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalLink"];
                };
            };
            /** @description Error. Codes: `field_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_owner_only`, `agent_grant_action`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `post_state_invalid`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPostEdits: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The edits made with PATCH /v1/posts/{id} after publishing. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostEditList"];
                };
            };
            /** @description Error. Codes: `field_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100; default 50. */
                limit?: number;
                /** @description The `cursor` of the previous page, passed back verbatim. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of endpoints. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** @description `whk_…` */
                            id: string;
                            url: string;
                            /** @description The events delivered; every name when the endpoint was registered without `events`. */
                            events: string[];
                            enabled: boolean;
                            createdAt: string;
                            /** @description The last successful delivery. */
                            lastDeliveryAt: string | null;
                            /** @description The first failed attempt since the last success; after three days of failures the endpoint is disabled. */
                            failingSince: string | null;
                        }[];
                        cursor: string | null;
                    };
                };
            };
            /** @description Error. Codes: `field_unknown`, `field_invalid`, `cursor_invalid`, `text_invalid_characters`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Where deliveries are POSTed: a complete https URL of at most 2,048 characters, without credentials. Plain http only for localhost, 127.0.0.1 or [::1] with a test key, on a server that allows loopback webhooks (a local-development setting; otherwise 400 `webhook_loopback_disabled`). With a live key the name must resolve to public addresses only (checked again at every delivery).
                     * @example https://example.com/hooks/chorus
                     */
                    url: string;
                    /**
                     * @description The events to receive; omit to receive every event, including names added later. Event names: `post.published`, `post.partial`, `post.failed`, `post.processing`, `post.pending_approval`, `post.approved`, `post.rejected`, `post.first_comment_failed`, `account.connected`, `account.disconnected`, `message.received`, `comment.received`, `mention.received`, `account.token_expiring`, `account.needs_reauth`, `webhook.test`, `webhook.disabled`, `quota.low`.
                     * @example [
                     *       "post.published",
                     *       "post.failed",
                     *       "comment.received"
                     *     ]
                     */
                    events?: string[];
                };
            };
        };
        responses: {
            /** @description The endpoint and its secret, shown this once. */
            201: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `whk_…` */
                        id: string;
                        url: string;
                        /** @description The events delivered; every name when the endpoint was registered without `events`. */
                        events: string[];
                        enabled: boolean;
                        createdAt: string;
                        /** @description The last successful delivery. */
                        lastDeliveryAt: string | null;
                        /** @description The first failed attempt since the last success; after three days of failures the endpoint is disabled. */
                        failingSince: string | null;
                        /** @description `whsec_…`: shown here only. Verify each delivery: take `t` and every `v1` from `service-signature: t=<unix>,v1=<hex>`, compute the hex HMAC-SHA256 of `<t>.<raw body>` keyed with this whole string, and accept if it equals one `v1` (constant-time) and `t` is within 300 s. */
                        secret: string;
                    };
                };
            };
            /** @description Error. Codes: `field_unknown`, `field_required`, `invalid_webhook_url`, `webhook_https_required`, `webhook_loopback_disabled`, `url_unreachable`, `invalid_webhook_events`, `unknown_webhook_event`, `body_not_json`, `text_invalid_characters`, `field_wrong_type`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `whk_` id of the endpoint. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `whk_…` */
                        id: string;
                        url: string;
                        /** @description The events delivered; every name when the endpoint was registered without `events`. */
                        events: string[];
                        enabled: boolean;
                        createdAt: string;
                        /** @description The last successful delivery. */
                        lastDeliveryAt: string | null;
                        /** @description The first failed attempt since the last success; after three days of failures the endpoint is disabled. */
                        failingSince: string | null;
                    };
                };
            };
            /** @description Error. Codes: `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description `whk_` id of the endpoint. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @constant */
                        deleted: true;
                    };
                };
            };
            /** @description Error. Codes: `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description `whk_` id of the endpoint. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description Where deliveries are POSTed: a complete https URL of at most 2,048 characters, without credentials. Plain http only for localhost, 127.0.0.1 or [::1] with a test key, on a server that allows loopback webhooks (a local-development setting; otherwise 400 `webhook_loopback_disabled`). With a live key the name must resolve to public addresses only (checked again at every delivery).
                     * @example https://example.com/hooks/chorus
                     */
                    url?: string;
                    events?: string[] | null;
                    /** @description `false` stops deliveries; `true` re-enables an endpoint (also one Chorus disabled after three days of failures). */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description The endpoint as changed. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `whk_…` */
                        id: string;
                        url: string;
                        /** @description The events delivered; every name when the endpoint was registered without `events`. */
                        events: string[];
                        enabled: boolean;
                        createdAt: string;
                        /** @description The last successful delivery. */
                        lastDeliveryAt: string | null;
                        /** @description The first failed attempt since the last success; after three days of failures the endpoint is disabled. */
                        failingSince: string | null;
                    };
                };
            };
            /** @description Error. Codes: `field_unknown`, `field_wrong_type`, `invalid_webhook_url`, `webhook_https_required`, `webhook_loopback_disabled`, `url_unreachable`, `invalid_webhook_events`, `unknown_webhook_event`, `body_not_json`, `text_invalid_characters`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100; default 50. */
                limit?: number;
                /** @description The `cursor` of the previous page, passed back verbatim. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description `whk_` id of the endpoint. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of attempts. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            delivery: string;
                            /** @description `evt_` id, the same on every attempt (also in the `service-event-id` header). */
                            event: string;
                            type: string;
                            /** @description 1 to 8 (the `service-delivery-attempt` header). */
                            attempt: number;
                            /** @description When the attempt started. */
                            createdAt: string;
                            /** @description The receiver's HTTP status; null when none came back (see `error`). */
                            status: number | null;
                            /** @description A 2xx within 10 seconds. */
                            ok: boolean;
                            latencyMs: number;
                            /** @description The first kilobyte of the answer; nothing more is read. Null for an answer from this server's own loopback interface (a local-development endpoint): only its status is recorded. */
                            responseExcerpt: string | null;
                            error: string | null;
                            /** @description When the next attempt runs; null after a success or the last attempt. */
                            nextRetryAt: string | null;
                            /** @enum {string} */
                            deliveryState: "pending" | "delivered" | "failed";
                        }[];
                        cursor: string | null;
                    };
                };
            };
            /** @description Error. Codes: `field_unknown`, `field_invalid`, `cursor_invalid`, `text_invalid_characters`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description `whk_` id of the endpoint. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued: the first attempt runs at once. */
            202: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `evt_` id sent. */
                        event: string;
                        delivery: string | null;
                        attempt?: number;
                    };
                };
            };
            /** @description Error. Codes: `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    redeliverWebhookEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description `whk_` id of the endpoint. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The `evt_` id (from GET /v1/events) to send again, with the same id. */
                    event: string;
                };
            };
        };
        responses: {
            /** @description Queued. */
            202: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `evt_` id sent. */
                        event: string;
                        delivery: string | null;
                        attempt?: number;
                    };
                };
            };
            /** @description Error. Codes: `field_unknown`, `field_required`, `field_wrong_type`, `body_not_json`, `text_invalid_characters`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description `whk_` id of the endpoint. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description How long the current secret keeps signing beside the new one, 0 to 604800 seconds; default 86400 (a day). 0 retires it at once (after a leak). */
                    windowSeconds?: number;
                };
            };
        };
        responses: {
            /** @description The endpoint with its new secret. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `whk_…` */
                        id: string;
                        url: string;
                        /** @description The events delivered; every name when the endpoint was registered without `events`. */
                        events: string[];
                        enabled: boolean;
                        createdAt: string;
                        /** @description The last successful delivery. */
                        lastDeliveryAt: string | null;
                        /** @description The first failed attempt since the last success; after three days of failures the endpoint is disabled. */
                        failingSince: string | null;
                        /** @description `whsec_…`: shown here only. Verify each delivery: take `t` and every `v1` from `service-signature: t=<unix>,v1=<hex>`, compute the hex HMAC-SHA256 of `<t>.<raw body>` keyed with this whole string, and accept if it equals one `v1` (constant-time) and `t` is within 300 s. */
                        secret: string;
                        /** @description Until then deliveries carry a second `v1=` made with the previous secret. */
                        previousSecretExpiresAt: string | null;
                    };
                };
            };
            /** @description Error. Codes: `field_unknown`, `field_invalid`, `field_wrong_type`, `body_not_json`, `text_invalid_characters`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description Only events of this type. */
                type?: "post.published" | "post.partial" | "post.failed" | "post.processing" | "post.pending_approval" | "post.approved" | "post.rejected" | "post.first_comment_failed" | "account.connected" | "account.disconnected" | "message.received" | "comment.received" | "mention.received" | "account.token_expiring" | "account.needs_reauth" | "webhook.test" | "webhook.disabled" | "quota.low";
                /** @description Page size, 1 to 100; default 50. */
                limit?: number;
                /** @description The `cursor` of the previous page, passed back verbatim. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** @description `evt_…` */
                            id: string;
                            type: string;
                            createdAt: string;
                            /** @description post.*: the full post record; account.*: the account record; message.received, comment.received, mention.received: see the Events table. */
                            data: {
                                [key: string]: unknown;
                            };
                        }[];
                        cursor: string | null;
                    };
                };
            };
            /** @description Error. Codes: `field_unknown`, `field_invalid`, `unknown_webhook_event`, `cursor_invalid`, `text_invalid_characters`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `evt_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `evt_…` */
                        id: string;
                        type: string;
                        createdAt: string;
                        /** @description post.*: the full post record; account.*: the account record; message.received, comment.received, mention.received: see the Events table. */
                        data: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Error. Codes: `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    mcp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description One JSON-RPC 2.0 message. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["McpRequest"];
            };
        };
        responses: {
            /** @description The JSON-RPC response (a tool's refusal is a result with `isError: true`). */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpResponse"];
                };
            };
            /** @description Accepted: the body was a notification. */
            202: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": null;
                };
            };
            /** @description A JSON-RPC error: -32700 (not JSON), -32600 (not a JSON-RPC 2.0 message, or a batch), or -32000 for an `MCP-Protocol-Version` header this server does not speak. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpProtocolError"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON-RPC error (-32000): `Accept` names neither application/json nor text/event-stream. */
            406: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpProtocolError"];
                };
            };
            /** @description A JSON-RPC error: -32600, the body is over 1 MB. */
            413: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpProtocolError"];
                };
            };
            /** @description A JSON-RPC error (-32000): the body is not sent as application/json. */
            415: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpProtocolError"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createAppLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link. */
            201: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppLink"];
                };
            };
            /** @description Error. Codes: `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listNotifications: {
        parameters: {
            query?: {
                /** @description One connected account (`acc_…`); omit for every account. */
                account?: string;
                /** @description The `cursor` of the previous page, passed back verbatim. */
                cursor?: string;
                /** @description Page size, 1 to 100; default 50. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of notifications and the networks that could not be read. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationList"];
                };
            };
            /** @description Error. Codes: `field_unknown`, `field_invalid`, `cursor_invalid`, `text_invalid_characters`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    markNotificationsSeen: {
        parameters: {
            query?: {
                /** @description One connected account (`acc_…`); omit for every account. */
                account?: string;
            };
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Which accounts were marked and which were skipped. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationsSeen"];
                };
            };
            /** @description Error. Codes: `field_unknown`, `field_invalid`, `text_invalid_characters`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPostAnalytics: {
        parameters: {
            query?: {
                /** @description `true` reads the networks again instead of answering from the cache (results younger than 1 hour answer without any network call). A cached result younger than the network's `analytics.minRefreshSeconds` in GET /v1/platforms is still answered from the cache, so no client can spend a network's quota faster than that. */
                refresh?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One entry per target. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostAnalytics"];
                };
            };
            /** @description Error. Codes: `field_invalid`, `field_unknown`, `text_invalid_characters`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAnalytics: {
        parameters: {
            query?: {
                /** @description Whole UTC days ending today: `7d`, `30d` (default) or `90d`. */
                period?: string;
                /** @description One connected account (`acc_…`); omit for every account. */
                account?: string;
                /** @description Only accounts on this network: `tiktok`, `instagram`, `facebook`, `twitter`, `youtube`, `pinterest`, `linkedin`, `bluesky`, `threads`, `googlebusiness`. */
                platform?: string;
                /** @description `true` reads the networks again instead of answering from the cache (results younger than 1 hour answer without any network call). A cached result younger than the network's `analytics.minRefreshSeconds` in GET /v1/platforms is still answered from the cache, so no client can spend a network's quota faster than that. */
                refresh?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Totals, per-account detail and problems. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsReport"];
                };
            };
            /** @description Error. Codes: `field_invalid`, `field_unknown`, `text_invalid_characters`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listConversations: {
        parameters: {
            query?: {
                /** @description One connected account (`acc_…`); omit for every account. */
                account?: string;
                /** @description The `cursor` of the previous page, passed back verbatim. */
                cursor?: string;
                /** @description Page size, 1 to 100; default 50. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of conversations and the networks that could not be read. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationList"];
                };
            };
            /** @description Error. Codes: `field_unknown`, `field_invalid`, `cursor_invalid`, `text_invalid_characters`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listConversationMessages: {
        parameters: {
            query?: {
                /** @description The `cursor` of the previous page, passed back verbatim. */
                cursor?: string;
                /** @description Page size, 1 to 100; default 50. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description A conversation `id` from GET /v1/conversations (`cnv_…`, opaque). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of messages. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageList"];
                };
            };
            /** @description Error. Codes: `field_unknown`, `field_invalid`, `cursor_invalid`, `capability_unsupported`, `text_invalid_characters`, `field_wrong_type`, `field_required`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `needs_reauth`, `missing_permission`, `missing_scope`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `owner_identity_check`, `platform_rejected`. */
            422: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`, `quota_exceeded`, `temporarily_blocked`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_unavailable`, `micro_unavailable`. */
            502: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendConversationMessage: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description A conversation `id` from GET /v1/conversations (`cnv_…`, opaque). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SendMessageRequest"];
            };
        };
        responses: {
            /** @description The message was sent. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SentMessage"];
                };
            };
            /** @description Error. Codes: `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`, `body_not_json`, `text_required`, `capability_unsupported`, `text_invalid_characters`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `media_unknown`, `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `needs_reauth`, `missing_permission`, `missing_scope`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `page_reply_window_closed`, `photo_reply_window_closed`, `photo_messages_switched_off`, `owner_identity_check`, `platform_rejected`. */
            422: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`, `quota_exceeded`, `temporarily_blocked`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_unavailable`, `micro_unavailable`. */
            502: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createEngagement: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EngagementRequest"];
            };
        };
        responses: {
            /** @description The network now holds the state the action asked for. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Engagement"];
                };
            };
            /** @description Error. Codes: `body_not_json`, `action_unsupported`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`, `resource_not_found`, `engagement_target_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `needs_reauth`, `missing_scope`, `missing_permission`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `pin_board_missing`, `platform_rejected`. */
            422: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_unavailable`. */
            502: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAccountPosts: {
        parameters: {
            query?: {
                /** @description The `cursor` of the previous page, passed back verbatim. */
                cursor?: string;
                /** @description Page size, 1 to 100; default 50. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description `acc_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the account's posts. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountPostList"];
                };
            };
            /** @description Error. Codes: `cursor_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAccountFollowers: {
        parameters: {
            query?: {
                /** @description The `cursor` of the previous page, passed back verbatim. */
                cursor?: string;
                /** @description Page size, 1 to 100; default 50. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description `acc_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of followers. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SocialActorList"];
                };
            };
            /** @description Error. Codes: `cursor_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAccountFollowing: {
        parameters: {
            query?: {
                /** @description The `cursor` of the previous page, passed back verbatim. */
                cursor?: string;
                /** @description Page size, 1 to 100; default 50. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description `acc_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the accounts followed. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SocialActorList"];
                };
            };
            /** @description Error. Codes: `cursor_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAccountReviews: {
        parameters: {
            query?: {
                /** @description The location (Google Business: `accounts/{a}/locations/{l}`) or page (Facebook: its id) whose reviews to read: an id of GET /v1/social-accounts/{id}/targets. May be left out when the account manages one. */
                target?: string;
                /** @description The `cursor` of the previous page, passed back verbatim. */
                cursor?: string;
                /** @description Page size, 1 to 100; default 50. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description `acc_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of reviews. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewList"];
                };
            };
            /** @description Error. Codes: `reviews_unsupported`, `review_target_required`, `cursor_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`, `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPostComments: {
        parameters: {
            query?: {
                /** @description `true`: each comment carries `replies`, the whole thread below it, as deep as the network lets Chorus read (`comments.nested` in GET /v1/platforms); networks that cannot go deeper answer the top level with empty `replies`. */
                nested?: "true" | "false";
                /** @description The `cursor` of the previous page, passed back verbatim. */
                cursor?: string;
                /** @description Page size, 1 to 100; default 50. */
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of comments and the targets that could not be read. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommentList"];
                };
            };
            /** @description Error. Codes: `cursor_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hideComment: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["HideCommentRequest"];
            };
        };
        responses: {
            /** @description The comment is hidden (or visible again). */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommentHidden"];
                };
            };
            /** @description Error. Codes: `comment_hide_unsupported`, `body_not_json`, `comment_id_required`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`, `comment_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `needs_reauth`, `missing_scope`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `comment_thread_not_own`, `comment_hide_limit`, `platform_rejected`. */
            422: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_unavailable`. */
            502: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteComment: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeleteCommentRequest"];
            };
        };
        responses: {
            /** @description The comment is gone. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommentDeleted"];
                };
            };
            /** @description Error. Codes: `comment_delete_unsupported`, `body_not_json`, `comment_id_required`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`, `comment_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `needs_reauth`, `missing_scope`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `comment_not_own`, `platform_rejected`. */
            422: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_unavailable`. */
            502: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    replyToComment: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommentReplyRequest"];
            };
        };
        responses: {
            /** @description The answer was posted. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommentReply"];
                };
            };
            /** @description Error. Codes: `capability_unsupported`, `text_too_long`, `idempotency_key_invalid`, `body_not_json`, `comment_id_required`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `entitlement_exceeded`. */
            402: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_daily_credits`, `agent_grant_purchased_credits`, `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`, `comment_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `idempotency_in_progress`, `needs_reauth`, `missing_scope`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `duplicate_post`, `idempotency_key_reused`, `platform_rejected`. */
            422: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_unavailable`. */
            502: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listLiveBroadcasts: {
        parameters: {
            query?: {
                /** @description The `cursor` of the previous page, passed back verbatim. */
                cursor?: string;
                /** @description Page size, 1 to 100; default 50. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description `acc_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of broadcasts. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LiveBroadcastList"];
                };
            };
            /** @description Error. Codes: `capability_unsupported`, `cursor_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `needs_reauth`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createLiveBroadcast: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description `acc_…` */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateLiveBroadcastRequest"];
            };
        };
        responses: {
            /** @description The broadcast, with its stream credentials (this once). */
            201: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedLiveBroadcast"];
                };
            };
            /** @description Error. Codes: `capability_unsupported`, `field_unknown`, `field_wrong_type`, `field_invalid`, `field_required`, `body_not_json`, `timestamp_invalid`, `schedule_in_past`, `broadcast_schedule_too_far`, `title_invalid`, `text_invalid`, `text_invalid_characters`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `needs_reauth`, `missing_permission`, `missing_scope`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_rejected`, `owner_identity_check`, `live_not_enabled`, `video_no_channel`. */
            422: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`, `quota_exceeded`, `temporarily_blocked`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_unavailable`. */
            502: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLiveBroadcast: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `acc_…` */
                id: string;
                /** @description `live_…`, from the creation answer or the list. */
                liveId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The broadcast now. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LiveBroadcast"];
                };
            };
            /** @description Error. Codes: `capability_unsupported`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`, `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `needs_reauth`, `missing_permission`, `missing_scope`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_rejected`, `owner_identity_check`, `live_not_enabled`, `video_no_channel`. */
            422: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`, `quota_exceeded`, `temporarily_blocked`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_unavailable`. */
            502: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    startLiveBroadcast: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description `acc_…` */
                id: string;
                /** @description `live_…`, from the creation answer or the list. */
                liveId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The broadcast after the change. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LiveBroadcast"];
                };
            };
            /** @description Error. Codes: `capability_unsupported`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`, `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `needs_reauth`, `broadcast_state_invalid`, `missing_permission`, `missing_scope`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_rejected`, `owner_identity_check`, `live_not_enabled`, `video_no_channel`. */
            422: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`, `quota_exceeded`, `temporarily_blocked`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_unavailable`. */
            502: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    endLiveBroadcast: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description `acc_…` */
                id: string;
                /** @description `live_…`, from the creation answer or the list. */
                liveId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The broadcast after the change. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LiveBroadcast"];
                };
            };
            /** @description Error. Codes: `capability_unsupported`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`, `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `needs_reauth`, `broadcast_state_invalid`, `missing_permission`, `missing_scope`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_rejected`, `owner_identity_check`, `live_not_enabled`, `video_no_channel`. */
            422: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`, `quota_exceeded`, `temporarily_blocked`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_unavailable`. */
            502: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revealLiveBroadcastCredentials: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description `acc_…` */
                id: string;
                /** @description `live_…`, from the creation answer or the list. */
                liveId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream credentials. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevealedLiveCredentials"];
                };
            };
            /** @description Error. Codes: `capability_unsupported`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`, `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `needs_reauth`, `broadcast_state_invalid`, `missing_permission`, `missing_scope`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_rejected`, `owner_identity_check`, `live_not_enabled`, `video_no_channel`. */
            422: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`, `quota_exceeded`, `temporarily_blocked`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_unavailable`. */
            502: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    searchPosts: {
        parameters: {
            query: {
                /** @description What to search for: words, or a hashtag with `mode=tag`. */
                q: string;
                /** @description `keyword` (default) or `tag` (q is one hashtag, with or without #). */
                mode?: "keyword" | "tag";
                /** @description `top` (default, each network's relevance) or `recent`. */
                sort?: "top" | "recent";
                /** @description Only posts with this kind of media. */
                mediaType?: "text" | "image" | "video";
                /** @description Only posts by this handle (with or without @). */
                author?: string;
                /** @description Only posts created at or after this time. */
                since?: string;
                /** @description Only posts created before this time. */
                until?: string;
                /** @description One connected account (`acc_…`); omit for every account that can search. */
                account?: string;
                /** @description The `cursor` of the previous page, passed back verbatim. */
                cursor?: string;
                /** @description Page size, 1 to 100; default 50. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of posts and the networks that could not search. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DiscoveredPostList"];
                };
            };
            /** @description Error. Codes: `cursor_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPublicProfile: {
        parameters: {
            query: {
                /** @description The connected account (`acc_…`) whose network is asked. */
                account: string;
            };
            header?: never;
            path: {
                /** @description The person's handle, with or without @ (URL-encode the @ as %40 or leave it out). */
                handle: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The profile. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicProfile"];
                };
            };
            /** @description Error. Codes: `handle_not_a_username`, `capability_unsupported`, `photo_page_door_required`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `handle_not_found`, `account_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `needs_reauth`, `missing_permission`, `missing_scope`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_rejected`. */
            422: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_unavailable`. */
            502: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPublicProfilePosts: {
        parameters: {
            query: {
                /** @description The connected account (`acc_…`) whose network is asked. */
                account: string;
                /** @description The `cursor` of the previous page, passed back verbatim. */
                cursor?: string;
                /** @description Page size, 1 to 100; default 50. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The person's handle, with or without @ (URL-encode the @ as %40 or leave it out). */
                handle: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of posts. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DiscoveredPostList"];
                };
            };
            /** @description Error. Codes: `handle_not_a_username`, `cursor_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `handle_not_found`, `account_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    searchCreators: {
        parameters: {
            query: {
                /** @description A Facebook page, or an Instagram account connected through Facebook Login (see its `discovers.creators`). */
                account: string;
                /** @description Words about the creators sought (their interests, bio). */
                q?: string;
                /** @description Comma-separated ISO 3166-1 alpha-2 codes of the creators' countries, such as US,GB. */
                countries?: string;
                /** @description Page size, 1 to 50; default 50. */
                limit?: number;
                /** @description The `cursor` of the previous page, passed back verbatim. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of creators. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatorList"];
                };
            };
            /** @description Error. Codes: `creator_search_unsupported`, `photo_page_door_required`, `cursor_invalid`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `creator_marketplace_not_onboarded`, `needs_reauth`, `missing_permission`, `missing_scope`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `creator_marketplace_unavailable`, `platform_rejected`. */
            422: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_unavailable`. */
            502: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    searchPlaces: {
        parameters: {
            query: {
                /** @description The connected account (`acc_…`) whose network is asked. */
                account: string;
                /** @description A place name. */
                q?: string;
                /** @description Latitude in decimal degrees, -90 to 90; only together with the other coordinate. */
                latitude?: string;
                /** @description Longitude in decimal degrees, -180 to 180; only together with the other coordinate. */
                longitude?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The places found. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlaceList"];
                };
            };
            /** @description Error. Codes: `place_search_unsupported`, `photo_page_door_required`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_action`, `agent_grant_owner_only`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `account_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `needs_reauth`, `missing_permission`, `missing_scope`. */
            409: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_rejected`. */
            422: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `platform_unavailable`. */
            502: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAgents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every active agent. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentList"];
                };
            };
            /** @description Error. Codes: `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_owner_only`, `agent_grant_action`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeAgent: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokedAgent"];
                };
            };
            /** @description Error. Codes: `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_owner_only`, `agent_grant_action`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `resource_not_found`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateAgent: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["UpdateAgentGrantRequest"];
            };
        };
        responses: {
            /** @description The agent as changed. */
            200: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Agent"];
                };
            };
            /** @description Error. Codes: `body_not_json`, `text_invalid_characters`, `field_unknown`, `field_wrong_type`, `field_required`, `field_invalid`. */
            400: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `unauthorized`. */
            401: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `agent_grant_owner_only`, `agent_grant_action`, `agent_grant_profile`, `agent_grant_platform`, `agent_grant_expired`. */
            403: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `resource_not_found`, `platform_unknown`. */
            404: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Codes: `service_unavailable`. */
            503: {
                headers: {
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window has room again. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
