/**
 * English server messages: the reference catalogue. Every other language must define every key
 * (zh.ts is typed against this object). `{name}` marks a value filled in by t().
 */
export const en = {
  // ---- generic errors (server/http/errors.ts) ----
  'error.server': 'Something went wrong. Please try again later.',
  'error.badRequest': 'The request is not valid.',
  'error.unauthorized': 'Please log in to continue.',
  'error.forbidden': 'You are not allowed to do this.',
  'error.notFound': 'Not found.',
  'error.methodNotAllowed': 'This method is not allowed here.',
  'error.notAcceptable': 'No acceptable representation is available.',
  'error.bodyTooLarge': 'The request body is too large.',
  'error.unsupportedMediaType': 'This content type is not supported here.',
  'error.rangeNotSatisfiable': 'The requested range cannot be satisfied.',
  'error.tooManyRequests': 'Too many requests, please try again later.',
  'error.invalidJson': 'The request body is not valid JSON.',
  'error.emptyJson': 'The request body is empty although it is declared as JSON.',
  'error.contentLength': 'The request body does not match its Content-Length.',

  // ---- request validation (auth forms) ----
  'validation.invalidRequest': 'The request is not valid.',
  'validation.emailRequired': 'Email is required.',
  'validation.emailInvalid': 'Please enter a valid email address.',
  'validation.passwordRequired': 'Password is required.',
  'validation.passwordTooShort': 'Password must be at least {min} characters long.',
  'validation.passwordTooLong': 'Password must be at most {max} characters long.',

  // ---- accounts ----
  'auth.registered': 'Registration successful. Please check your email to verify your account.',
  'auth.registeredVerified': 'Registration successful. You are now logged in.',
  'auth.emailTaken': 'An account with this email address already exists.',
  'auth.loggedIn': 'Logged in successfully.',
  'auth.invalidCredentials': 'Invalid email or password.',
  'auth.emailNotVerified':
    'Please verify your email address before logging in. Use the link in the verification email we sent you, or request a new one on the Request Verification page (/request-verification).',
  'auth.loggedOut': 'Logged out successfully.',
  'auth.verified': 'Your email address has been verified. You can now log in.',
  'auth.verifyLinkInvalid':
    'This verification link is invalid or has expired. Please request a new verification email.',
  'auth.resetLinkSent': 'If an account exists for this email address, we have sent a password reset link to it.',
  'auth.verificationSent':
    'If this email address belongs to an account that is not verified yet, we have sent a new verification link to it.',
  'auth.passwordReset': 'Your password has been reset. You can now log in with your new password.',
  'auth.resetLinkInvalid': 'This password reset link is invalid or has expired. Please request a new one.',
  'auth.tooManyRequests': 'Too many requests, please try again in a minute.',
  'auth.tooManyLoginAttempts': 'Too many failed login attempts. Please try again later.',
  'auth.tooManyRegistrations': 'Too many registrations from your network. Please try again later.',

  // ---- wallet sign-in (routes/wallet.ts) ----
  'wallet.invalidAddress': 'Please provide a valid wallet address.',
  'wallet.invalidSignature': 'The signature is missing or not in the expected format.',
  'wallet.challengeExpired': 'Your sign-in request has expired. Please try again.',
  'wallet.signatureMismatch': 'Signature verification failed.',
  'wallet.messageInvalid': 'This sign-in request is not valid for this site. Please try again.',
  'wallet.loggedIn': 'Logged in with your wallet.',
  'wallet.tooManyChallenges': 'Too many sign-in requests. Please wait a minute and try again.',
  'wallet.tooManyLoginAttempts': 'Too many failed wallet sign-in attempts. Please try again later.',

  // ---- self-shot videos: likes and comments (routes/{likes,comments}.ts) ----
  'likes.tooManyToggles': 'You are liking too quickly. Please wait a moment and try again.',
  'comments.notFound': 'Comment not found.',
  'comments.created': 'Comment posted successfully!',
  'comments.deleted': 'Comment deleted successfully!',
  'comments.contentRequired': 'Comment cannot be empty.',
  'comments.contentTooLong': 'Comment must be at most {max} characters long.',
  'comments.parentNotFound': 'The comment you are replying to no longer exists.',
  'comments.parentOtherVideo': 'You can only reply to a comment on the same video.',
  'comments.threadTooDeep': 'This conversation is nested too deeply to reply here. Please reply further up the thread.',
  'comments.deleteForbidden': 'You can only delete your own comments or comments on your own videos.',
  'comments.tooManyRequests': 'You are commenting too quickly. Please wait a moment and try again.',

  // ---- profiles (routes/users.ts) ----
  'profile.userNotFound': 'User not found.',
  'profile.updated': 'Profile updated successfully!',
  'profile.usernameRequired': 'Username is required.',
  'profile.usernameLength': 'Username must be between {min} and {max} characters long.',
  'profile.usernameInvalid':
    'Username may contain only letters (Chinese, Japanese and Korean characters too), digits, ".", "_" and "-", and must contain at least one letter or digit.',
  'profile.usernameTaken': 'This username is already taken.',
  'profile.emailReadOnly': 'Your email address cannot be changed.',
  'profile.tooManyUpdates': 'You are changing your profile too often. Please try again later.',

  // ---- self-shot videos: upload, edit, delete (routes/upload.ts, routes/videos.ts) ----
  'video.uploaded': 'Video uploaded successfully!',
  'video.updated': 'Video updated successfully!',
  'video.deleted': 'Video deleted.',
  'video.notFound': 'Video not found.',
  'video.notAuthorizedEdit': 'You are not authorized to edit this video.',
  'video.notAuthorizedDelete': 'You are not authorized to delete this video.',
  'video.editTooFast': 'You are making requests too quickly. Please wait a moment and try again.',
  'video.titleRequired': 'Title is required.',
  'video.titleTooLong': 'Title must be at most {max} characters long.',
  'video.descriptionTooLong': 'Description must be at most {max} characters long.',
  'video.visibilityInvalid': 'Visibility must be "public" or "private".',
  'upload.videoMissing': 'No video file selected!',
  'upload.thumbnailMissing': 'No thumbnail file selected!',
  'upload.videoTooLarge': 'The video file is too large. The maximum size is {max}.',
  'upload.thumbnailTooLarge': 'The thumbnail is too large. The maximum size is {max}.',
  'upload.videoType': 'The video file must be an MP4, MOV, WebM, MKV or Ogg video.',
  'upload.thumbnailType': 'The thumbnail must be a JPEG, PNG, WebP or GIF image.',
  'upload.notMultipart': 'Uploads must be sent as multipart/form-data.',
  'upload.unexpectedFile': 'Unexpected file "{name}": send the video as movieFile and the thumbnail as thumbnailFile.',
  'upload.duplicateField': 'The field "{name}" was sent more than once.',
  'upload.fieldTooLong': 'The field "{name}" is too long.',
  'upload.tooManyParts': 'The upload has too many fields or files.',
  'upload.incomplete': 'The upload could not be read completely. Please try again.',
  'upload.tooMany': 'Too many uploads. Please wait a while and try again.',
  'upload.videoUndecodable': 'The video file could not be read: it may be damaged, cut short or have no picture.',
  // ---- media pipeline: why processing failed (server/media) ----
  'media.failedUndecodable': 'The video could not be decoded.',
  'media.failedTimeout': 'Processing took too long and was stopped.',
  'media.failedTranscode': 'The video could not be converted for playback.',

  // ---- e-mails ----
  'mail.siteName': 'Video Site',
  'mail.greeting': 'Hello,',
  'mail.verify.subject': 'Verify your email address',
  'mail.verify.intro': 'Thank you for signing up. Please confirm your email address by opening this link:',
  'mail.verify.button': 'Verify my email address',
  'mail.verify.expiry': 'The link is valid for 24 hours and works once.',
  'mail.verify.ignore': 'If you did not create an account, you can ignore this email.',
  'mail.reset.subject': 'Reset your password',
  'mail.reset.intro': 'Someone (hopefully you) asked to reset the password of your account. Open this link to choose a new password:',
  'mail.reset.button': 'Choose a new password',
  'mail.reset.expiry': 'The link is valid for 1 hour and works once.',
  'mail.reset.ignore': 'If you did not ask for this, you can ignore this email: your password stays unchanged.',
  'mail.linkFallback': 'If the button does not work, copy this address into your browser:',
} as const;

export type MessageKey = keyof typeof en;
