import { useSelector } from '@xstate/react';
import { defineView, type ViewProps } from '../common/define-view.tsx';
import { useEnvironment, useT, useView } from '../common/context.ts';
import { Icon } from '../common/chrome.tsx';
import { BADGE_VIEWBOX, channelIcon } from '../common/icons.ts';
import { helplineStatus, isHelpline, runChannel, type ChannelSelectorActor } from '../../src/plugins/channel-selector/channel-selector.ts';
import { officeText } from '../common/office-text.ts';
import { tileStatus } from '../../machines/channel-selector.machine.ts';
import sheet from '../../styles/channel-selector.css' with { type: 'css' };

/** The words for each status without minutes: every state is said in text, never by its colour alone. */
const STATUS_TEXT = { available: 'stats.available', longerWait: 'stats.longerWait', unavailable: 'stats.unavailable', hidden: 'stats.unavailable' } as const;

/** A tile's badge: the configured `icon` text, else the channel's outline icon, else the name's first letter. */
function badge(text: string | undefined, icon: string | undefined, name: string) {
  if (text) return text;
  return icon ? <Icon d={icon} size={28} viewBox={BADGE_VIEWBOX} block /> : name.slice(0, 1);
}

function ChannelSelectorView({ controller: actor }: ViewProps<ChannelSelectorActor>) {
  const t = useT();
  const { app } = useView();
  const open = useSelector(actor, (s) => s.matches('open'));
  const loading = useSelector(actor, (s) => s.hasTag('busy'));
  const { channels, available, waits } = useSelector(actor, (s) => s.context);
  const { timeFormat } = useEnvironment();
  if (!open) return null;
  // The helpline's tile says whether it is open now, by the call-us panel's opening hours (server time).
  const helpline = helplineStatus(app);
  const office = helpline && !helpline.status.open ? officeText(t, helpline.status, helpline.hours, helpline.now, timeFormat) : null;
  const tiles = channels
    .filter((c) => !available || available.includes(c.name))
    .map((channel) => ({ channel, status: tileStatus(channel, waits) }))
    .filter((tile) => tile.status.status !== 'hidden');
  return (
    <ul className="la-selector cx-channels" aria-busy={loading}>
      {tiles.map(({ channel, status }) => {
        const name = channel.displayName ?? t.t(channel.i18n ?? `sidebar.channel.${channel.name}.name`);
        const text =
          office && isHelpline(channel)
            ? [office.status, office.opens].filter(Boolean).join('. ')
            : status.status === 'wait'
              ? t.t('stats.waitTime', { minutes: t.plural('stats.waitMinutes', status.minutes) })
              : t.t(STATUS_TEXT[status.status]);
        return (
          <li key={channel.name}>
            <button
              type="button"
              part="tile"
              className={`la-tile la-choice la-tile--${status.level} cx-channel`}
              disabled={status.status === 'unavailable'}
              title={channel.displayTitle ?? t.t(`sidebar.channel.${channel.name}.title`)}
              onClick={async () => {
                await app.bus.command('ChannelSelector.close', undefined, { commander: 'ChannelSelector' }).catch(() => undefined);
                runChannel(app, channel);
              }}
            >
              <span className="la-tile__icon la-badge" aria-hidden="true">
                {badge(channel.icon, channelIcon(channel.name), name)}
              </span>
              <span className="la-tile__name">{name}</span>
              {channel.subtitle ? <span className="la-tile__subtitle">{channel.subtitle}</span> : null}
              <span className="la-tile__status">{text}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

export default defineView('la-channel-selector-view', ChannelSelectorView, [sheet]);
