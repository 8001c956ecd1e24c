// The channels page's changes to /api/channels (the reads are lib/channels-api.ts, shared with the
// alert cards). Each answer refetches the list; the live update it causes refreshes the other tabs.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Channel, ChannelCreate, ChannelUpdate, ChannelWithSecret } from '../../../shared/channels.ts';
import { api } from '../../lib/api-client.ts';
import { channelsKey, deliveryLogsKey } from '../../lib/channels-api.ts';

const channelPath = (id: string, action = '') => `/api/channels/${encodeURIComponent(id)}${action}`;

function useChannelMutation<TVariables, TAnswer>(request: (variables: TVariables) => Promise<TAnswer>, alsoLogs = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: channelsKey, exact: true });
      if (alsoLogs) await client.invalidateQueries({ queryKey: deliveryLogsKey });
    },
  });
}

export const useCreateChannel = () =>
  useChannelMutation((input: ChannelCreate) => api<{ channel: ChannelWithSecret }>('/api/channels', { method: 'POST', body: input }));

export const useUpdateChannel = () =>
  useChannelMutation(({ id, input }: { id: string; input: ChannelUpdate }) =>
    api<{ channel: Channel }>(channelPath(id), { method: 'PATCH', body: input }),
  );

export const useDeleteChannel = () => useChannelMutation((id: string) => api<null>(channelPath(id), { method: 'DELETE' }), true);

export const useTestChannel = () =>
  useChannelMutation((id: string) => api<{ deliveryId: string }>(channelPath(id, '/test'), { method: 'POST' }), true);

export const useRotateSecret = () =>
  useChannelMutation((id: string) => api<{ channel: ChannelWithSecret }>(channelPath(id, '/rotate-secret'), { method: 'POST' }));

export const useResumeChannel = () =>
  useChannelMutation((id: string) => api<{ channel: Channel }>(channelPath(id, '/resume'), { method: 'POST' }), true);
