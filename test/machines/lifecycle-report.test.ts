import { expect } from '@esm-bundle/chai';
import { emptyReport, reportAt } from '../../machines/lifecycle-report.ts';

// The lifecycle report of a contact window (plugins-and-infrastructure.md §3): its fields before anything
// happened, and its clock. The callback machine's tests cover the report through the callback's events.
describe('lifecycle report (machines/lifecycle-report.ts)', () => {
  it("starts with the spec's fields, nothing happened, and the form it is given", () => {
    const form = { phone: '+48', desiredTime: null };
    const report = emptyReport(form);
    expect(Object.keys(report)).to.have.members([
      'proactive',
      'prefilled',
      'autoSubmitted',
      'errors',
      'opened',
      'started',
      'cancelled',
      'completed',
      'closed',
      'elapsed',
      'form',
    ]);
    expect(report).to.deep.equal({
      proactive: false,
      prefilled: false,
      autoSubmitted: false,
      errors: [],
      opened: null,
      started: null,
      cancelled: false,
      completed: false,
      closed: null,
      elapsed: 0,
      form,
    });
    // Each report gets its own list of errors.
    expect(emptyReport(form).errors).not.to.equal(report.errors);
  });

  it('counts elapsed from the open to now while open, to the close once closed, and not at all before the open', () => {
    const empty = emptyReport({ phone: '' });
    expect(reportAt(empty, {}, { phone: '1' }, 5000)).to.deep.include({ elapsed: 0, form: { phone: '1' } });
    const open = reportAt(empty, { opened: 1000 }, { phone: '12' }, 1000);
    expect(reportAt(open, {}, { phone: '123' }, 4000)).to.deep.include({ opened: 1000, elapsed: 3000, form: { phone: '123' } });
    const closed = reportAt(open, { closed: 6000, cancelled: true }, { phone: '123' }, 6000);
    expect(reportAt(closed, {}, closed.form, 9000)).to.deep.include({ closed: 6000, cancelled: true, elapsed: 5000 });
    // A clock read before the open (a reading kept from earlier) never gives a negative time.
    expect(reportAt(open, {}, open.form, 500).elapsed).to.equal(0);
  });
});
