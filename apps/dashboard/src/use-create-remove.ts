import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * A team list whose items are created (the answer shown once) and removed after a
 * confirmation: API keys, invite links. The list query `listKey` is refetched after either.
 */
export function useCreateRemove<Input, Created, Item>(options: {
  listKey: string;
  create: (input: Input) => Promise<Created>;
  remove: (item: Item) => Promise<void>;
  onCreated?: () => void;
}) {
  const client = useQueryClient();
  const [created, setCreated] = useState<Created | null>(null);
  const [removing, setRemoving] = useState<Item | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: [options.listKey] });
  const create = useMutation({
    mutationFn: options.create,
    onSuccess: (result) => {
      setCreated(result);
      options.onCreated?.();
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: options.remove,
    onSuccess: () => {
      setRemoving(null);
      refresh();
    },
  });
  const cancelRemove = () => {
    setRemoving(null);
    remove.reset();
  };
  return { created, setCreated, create, removing, setRemoving, remove, cancelRemove };
}
