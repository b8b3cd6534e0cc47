import { DEMO_CUSTOMER } from './catalogue';
import type { SeedContext } from './context';

const HOUR = 3_600_000;

interface DemoTicket {
  ticket_no: string;
  issue: string;
  subject: string;
  status: 'running' | 'completed' | 'cancel';
  /** Hours ago each message was written, oldest first. */
  messages: Array<{ sender: 'customer' | 'support'; hoursAgo: number; text: string }>;
}

/**
 * Three tickets of the demo customer, answered by the marketplace's support team (issue 18): one still
 * open, one solved, one withdrawn. Written as a customer in Muscat would write them.
 */
const TICKETS: DemoTicket[] = [
  {
    ticket_no: 'TKDEM0SLL1',
    issue: 'Delivery and shipping',
    subject: 'هل تصل الطلبات إلى صلالة قبل العيد؟',
    status: 'running',
    messages: [
      {
        sender: 'customer',
        hoursAgo: 30,
        text: 'السلام عليكم، أريد أن أطلب علبة حلوى ومندوس صغير هدية لأهلي في صلالة. كم تستغرق الشحنة من مسقط إلى صلالة، وهل يمكن أن تصل قبل العيد؟',
      },
      {
        sender: 'support',
        hoursAgo: 26,
        text: 'وعليكم السلام أخي سالم، شكراً لتواصلك. الشحن إلى صلالة يستغرق عادة من يومين إلى ثلاثة أيام عمل بعد تأكيد المتجر للطلب. ننصحك بالطلب قبل العيد بخمسة أيام على الأقل، ويمكنك متابعة حالة الشحنة من صفحة سجل الطلبات.',
      },
      {
        sender: 'customer',
        hoursAgo: 3,
        text: 'ممتاز، وهل يمكن كتابة بطاقة إهداء باسم الوالدة مع الطلب؟',
      },
    ],
  },
  {
    ticket_no: 'TKDEM0PHN2',
    issue: 'My account and sign-in',
    subject: 'Updating the phone number on my account',
    status: 'completed',
    messages: [
      {
        sender: 'customer',
        hoursAgo: 24 * 9,
        text: 'Hello, I changed my mobile number and no longer receive the verification codes on the old one. How can I move my account to the new number without losing my order history?',
      },
      {
        sender: 'support',
        hoursAgo: 24 * 9 - 5,
        text: 'Hello Salim, you can change the number yourself under My Profile. After saving, we send a four-digit code to the new number; once you enter it, the number is verified. Your orders, addresses and wishlist stay with your account.',
      },
      {
        sender: 'customer',
        hoursAgo: 24 * 8,
        text: 'Done, the code arrived and everything is there. Thank you for the quick help.',
      },
    ],
  },
  {
    ticket_no: 'TKDEM0CNL3',
    issue: 'Payment or refund',
    subject: 'دفعت مرتين بالخطأ',
    status: 'cancel',
    messages: [
      {
        sender: 'customer',
        hoursAgo: 24 * 20,
        text: 'ظهر لي في تطبيق البنك خصم المبلغ مرتين لطلب واحد من متجر اللبان. أرجو التحقق.',
      },
      {
        sender: 'support',
        hoursAgo: 24 * 20 - 3,
        text: 'راجعنا عملية الدفع: الخصم الثاني حجز مؤقت من البنك وليس عملية مكتملة، ويُلغى تلقائياً خلال ثلاثة إلى خمسة أيام عمل.',
      },
      {
        sender: 'customer',
        hoursAgo: 24 * 18,
        text: 'صحيح، رجع المبلغ اليوم. يمكنكم إغلاق التذكرة.',
      },
    ],
  },
];

export async function seedSupport({ db }: SeedContext): Promise<void> {
  const user = await db.selectFrom('users').select('id').where('email', '=', DEMO_CUSTOMER.email).executeTakeFirst();
  if (!user) return;
  const types = new Map((await db.selectFrom('ticket_issue_types').select(['id', 'name']).execute()).map((t) => [t.name, t.id]));
  const now = Date.now();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR).toISOString();
  for (const t of TICKETS) {
    const first = at(t.messages[0]!.hoursAgo);
    const last = at(t.messages[t.messages.length - 1]!.hoursAgo);
    const { id } = await db
      .insertInto('support_tickets')
      .values({
        ticket_no: t.ticket_no,
        user_id: user.id,
        issue_type_id: types.get(t.issue) ?? null,
        order_id: null,
        order_code: null,
        shop_id: null,
        subject: t.subject,
        status: t.status,
        closed_by: t.status === 'running' ? null : 'support',
        closed_at: t.status === 'running' ? null : last,
        last_message_at: last,
        created_at: first,
        updated_at: last,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('support_ticket_messages')
      .values(
        t.messages.map((m) => ({
          ticket_id: id,
          sender: m.sender,
          shop_user_id: null,
          message: m.text,
          created_at: at(m.hoursAgo),
        })),
      )
      .execute();
  }
}
