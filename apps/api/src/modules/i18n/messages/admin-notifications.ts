/**
 * Strings of the operator console's notifications (the outbox, decision 046): the list of e-mails and
 * text messages, and sending again the ones that failed. Keep the Arabic and English keys identical.
 */
export const en = {
  'page.admin_notifications': 'Notifications outbox',
  'admin.nav_notifications': 'Notifications',
  'admin.audit.target_notification': 'Notifications',

  'admin.notifications.title': 'Notifications',
  'admin.notifications.lead':
    'Every e-mail and text message the marketplace sends, newest first. One that failed for good can be sent again here.',
  'admin.notifications.filters': 'Search and filter notifications',
  'admin.notifications.search': 'Search notifications',
  'admin.notifications.search_placeholder': 'E-mail, phone or reference (order:12)',
  'admin.notifications.status': 'Status',
  'admin.notifications.status_all': 'Every status',
  'admin.notifications.status_pending': 'Waiting',
  'admin.notifications.status_sending': 'Sending',
  'admin.notifications.status_sent': 'Sent',
  'admin.notifications.status_failed': 'Failed',
  'admin.notifications.apply': 'Apply',
  'admin.notifications.clear': 'Show every notification',
  'admin.notifications.count': '{count, plural, one {# notification} other {# notifications}}',
  'admin.notifications.message': 'Message',
  'admin.notifications.recipient': 'Recipient',
  'admin.notifications.attempts': 'Attempts',
  'admin.notifications.date': 'Written',
  'admin.notifications.actions': 'Actions',
  'admin.notifications.channel_email': 'E-mail',
  'admin.notifications.channel_sms': 'Text message',
  'admin.notifications.to_user': 'Customer',
  'admin.notifications.to_seller': 'Seller',
  'admin.notifications.to_operator': 'Operator',
  'admin.notifications.ref': 'About',
  'admin.notifications.details': 'Details',
  'admin.notifications.last_error': 'Last error',
  'admin.notifications.no_error': 'No error.',
  'admin.notifications.next_attempt': 'Next attempt',
  'admin.notifications.sent_at': 'Sent',
  'admin.notifications.empty': 'No notifications yet',
  'admin.notifications.empty_text': 'E-mails and text messages about orders, shops and tickets will be listed here.',
  'admin.notifications.empty_failed': 'No failed notifications',
  'admin.notifications.empty_failed_text': 'Every message was sent or is still being tried.',
  'admin.notifications.empty_filtered': 'No notification matches this search or this status.',

  'admin.notifications.resend': 'Send again',
  'admin.notifications.resend_label': 'Send the message to {address} again',
  'admin.notifications.resend_title': 'Send this message to {address} again?',
  'admin.notifications.resend_text':
    'It is tried again at once, as many times as a new message. The last error stays shown until it is sent.',
  'admin.notifications.resent_done': 'The message to {address} will be sent again.',

  'admin.notifications.resend_all': 'Send all failed again',
  'admin.notifications.resend_all_title': 'Send every failed message again?',
  'admin.notifications.resend_all_text':
    'Every message that failed for good is tried again at once. If the mail server or the SMS gateway is still down, they will fail again.',
  'admin.notifications.resent_all_done':
    '{count, plural, =0 {No failed message to send again.} one {# message will be sent again.} other {# messages will be sent again.}}',

  'admin.dash.notifications': 'Notifications',
  'admin.dash.notifications_failed': 'Failed',
  'admin.dash.see_notifications': 'See failed notifications',
} as const satisfies Record<string, string>;

export const ar = {
  'page.admin_notifications': 'صندوق الإشعارات الصادرة',
  'admin.nav_notifications': 'الإشعارات',
  'admin.audit.target_notification': 'الإشعارات',

  'admin.notifications.title': 'الإشعارات',
  'admin.notifications.lead':
    'كل رسائل البريد الإلكتروني والرسائل النصية التي يرسلها السوق، الأحدث أولًا. يمكن إعادة إرسال الرسالة التي فشلت نهائيًا من هنا.',
  'admin.notifications.filters': 'البحث في الإشعارات وتصفيتها',
  'admin.notifications.search': 'البحث في الإشعارات',
  'admin.notifications.search_placeholder': 'البريد أو الهاتف أو المرجع (order:12)',
  'admin.notifications.status': 'الحالة',
  'admin.notifications.status_all': 'كل الحالات',
  'admin.notifications.status_pending': 'بانتظار الإرسال',
  'admin.notifications.status_sending': 'قيد الإرسال',
  'admin.notifications.status_sent': 'أُرسلت',
  'admin.notifications.status_failed': 'فشلت',
  'admin.notifications.apply': 'تطبيق',
  'admin.notifications.clear': 'عرض كل الإشعارات',
  'admin.notifications.count':
    '{count, plural, zero {لا إشعارات} one {إشعار واحد} two {إشعاران} few {# إشعارات} many {# إشعارًا} other {# إشعار}}',
  'admin.notifications.message': 'الرسالة',
  'admin.notifications.recipient': 'المستلم',
  'admin.notifications.attempts': 'المحاولات',
  'admin.notifications.date': 'تاريخ الكتابة',
  'admin.notifications.actions': 'الإجراءات',
  'admin.notifications.channel_email': 'بريد إلكتروني',
  'admin.notifications.channel_sms': 'رسالة نصية',
  'admin.notifications.to_user': 'عميل',
  'admin.notifications.to_seller': 'بائع',
  'admin.notifications.to_operator': 'مشرف',
  'admin.notifications.ref': 'بخصوص',
  'admin.notifications.details': 'التفاصيل',
  'admin.notifications.last_error': 'آخر خطأ',
  'admin.notifications.no_error': 'لا خطأ.',
  'admin.notifications.next_attempt': 'المحاولة التالية',
  'admin.notifications.sent_at': 'أُرسلت في',
  'admin.notifications.empty': 'لا إشعارات بعد',
  'admin.notifications.empty_text': 'ستظهر هنا رسائل البريد والرسائل النصية عن الطلبات والمتاجر والتذاكر.',
  'admin.notifications.empty_failed': 'لا إشعارات فاشلة',
  'admin.notifications.empty_failed_text': 'كل الرسائل أُرسلت أو ما زالت قيد المحاولة.',
  'admin.notifications.empty_filtered': 'لا إشعار يطابق هذا البحث أو هذه الحالة.',

  'admin.notifications.resend': 'إعادة الإرسال',
  'admin.notifications.resend_label': 'إعادة إرسال الرسالة إلى {address}',
  'admin.notifications.resend_title': 'إعادة إرسال هذه الرسالة إلى {address}؟',
  'admin.notifications.resend_text':
    'تُحاوَل فورًا من جديد، بعدد محاولات الرسالة الجديدة. يبقى آخر خطأ ظاهرًا حتى تُرسل.',
  'admin.notifications.resent_done': 'ستُعاد الرسالة إلى {address}.',

  'admin.notifications.resend_all': 'إعادة إرسال كل الفاشلة',
  'admin.notifications.resend_all_title': 'إعادة إرسال كل الرسائل الفاشلة؟',
  'admin.notifications.resend_all_text':
    'تُحاوَل فورًا كل رسالة فشلت نهائيًا. إن بقي خادم البريد أو بوابة الرسائل النصية متوقفًا فستفشل من جديد.',
  'admin.notifications.resent_all_done':
    '{count, plural, =0 {لا رسائل فاشلة لإعادة إرسالها.} one {ستُعاد رسالة واحدة.} two {ستُعاد رسالتان.} few {ستُعاد # رسائل.} many {ستُعاد # رسالة.} other {ستُعاد # رسالة.}}',

  'admin.dash.notifications': 'الإشعارات',
  'admin.dash.notifications_failed': 'فاشلة',
  'admin.dash.see_notifications': 'عرض الإشعارات الفاشلة',
} as const satisfies Record<string, string>;
