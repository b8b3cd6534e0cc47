/** Strings of the account area's notifications page (issue 38, decision 046). Keep the keys identical. */
export const en = {
  'account.notifications': 'Notifications',
  'page.notifications': 'Notifications',
  'notifications.lead': 'The e-mails and text messages we sent you about your orders and support tickets.',
  'notifications.count': 'Notifications: {count}',
  'notifications.empty': 'No notifications yet',
  'notifications.empty_text': 'When you place an order or a shop answers your ticket, what we tell you appears here.',
  'notifications.by_email': 'By e-mail',
  'notifications.by_sms': 'By text message',
  'notifications.status.pending': 'Sending',
  'notifications.status.sent': 'Sent',
  'notifications.status.failed': 'Not delivered',
  'notifications.view_order': 'View the order',
  'notifications.view_ticket': 'View the ticket',
};

export const ar: Record<keyof typeof en, string> = {
  'account.notifications': 'الإشعارات',
  'page.notifications': 'الإشعارات',
  'notifications.lead': 'الرسائل الإلكترونية والنصية التي أرسلناها إليك عن طلباتك وتذاكر الدعم.',
  'notifications.count': 'الإشعارات: {count}',
  'notifications.empty': 'لا توجد إشعارات بعد',
  'notifications.empty_text': 'عندما تقدّم طلباً أو يردّ متجر على تذكرتك، يظهر هنا ما أبلغناك به.',
  'notifications.by_email': 'بالبريد الإلكتروني',
  'notifications.by_sms': 'برسالة نصية',
  'notifications.status.pending': 'قيد الإرسال',
  'notifications.status.sent': 'أُرسل',
  'notifications.status.failed': 'لم يُسلَّم',
  'notifications.view_order': 'عرض الطلب',
  'notifications.view_ticket': 'عرض التذكرة',
};
